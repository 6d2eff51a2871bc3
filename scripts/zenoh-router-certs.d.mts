// Types of zenoh-router-certs.mjs.
export interface TestCertificates {
  readonly dir: string;
  /** The test CA (PEM). */
  readonly ca: string;
  /** A CA that signed none of the leaves: the wrong CA. */
  readonly otherCa: string;
  readonly leaves: Record<string, { certificate: string; privateKey: string }>;
}
/** Makes a test CA, one leaf per name (CN = the name; localhost and 127.0.0.1), and an unrelated CA, with openssl. Throws when openssl fails. */
export function makeTestCertificates(dir: string, leaves?: string[]): TestCertificates;
