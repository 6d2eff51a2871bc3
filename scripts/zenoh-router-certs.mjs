// Test and lab certificates for the secure router profiles, made with the openssl command line
// (on every Linux and macOS machine, maintained with the OS; no npm dependency and no
// JavaScript crypto re-implementation on the path that decides what a router trusts).
// Production deployments use their own PKI; these are for tests and for trying a profile.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DAYS = '30';

function openssl(args, cwd) {
  const r = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (r.error !== undefined) throw new Error(`openssl is needed to make certificates: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`openssl ${args[0]} failed (status ${r.status}): ${r.stderr.trim()}`);
}

function newKey(cwd, name) {
  openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`], cwd);
}

function newCa(cwd, name, commonName) {
  newKey(cwd, name);
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-key',
      `${name}.key`,
      '-sha256',
      '-days',
      DAYS,
      '-subj',
      `/CN=${commonName}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      `${name}.pem`,
    ],
    cwd,
  );
}

/** A leaf certificate signed by `ca`, valid for localhost and 127.0.0.1, for servers and clients. */
function newLeaf(cwd, ca, name, commonName) {
  newKey(cwd, name);
  openssl(['req', '-new', '-key', `${name}.key`, '-subj', `/CN=${commonName}`, '-out', `${name}.csr`], cwd);
  writeFileSync(
    join(cwd, `${name}.ext`),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth,clientAuth',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '',
    ].join('\n'),
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-sha256',
      '-days',
      DAYS,
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ],
    cwd,
  );
}

/**
 * Writes into `dir`: ca.pem/ca.key (the test CA), one certificate + key per name in `leaves`
 * (`<name>.pem`, `<name>.key`, signed by the CA, common name = the name, valid for
 * localhost and 127.0.0.1, usable by a server and by a client for mutual TLS), and
 * other-ca.pem (a CA that signed none of them: the "wrong CA"). Returns the paths.
 */
export function makeTestCertificates(dir, leaves = ['router']) {
  mkdirSync(dir, { recursive: true });
  newCa(dir, 'ca', 'rclts test CA');
  newCa(dir, 'other-ca', 'rclts unrelated CA');
  const paths = { dir, ca: join(dir, 'ca.pem'), otherCa: join(dir, 'other-ca.pem'), leaves: {} };
  for (const name of leaves) {
    if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`certificate name must be [A-Za-z0-9_-]+, got '${name}'`);
    newLeaf(dir, 'ca', name, name);
    paths.leaves[name] = { certificate: join(dir, `${name}.pem`), privateKey: join(dir, `${name}.key`) };
  }
  for (const f of [paths.ca, paths.otherCa]) if (!existsSync(f)) throw new Error(`openssl did not write ${f}`);
  return paths;
}
