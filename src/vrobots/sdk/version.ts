/** `version()`: what this SDK speaks, for bug reports and `vrobots -V`. */
import { hostVersion } from '../../host.js';
import { CLIENT_SCHEMA_VERSION } from './header-stamp.js';

export const SDK_VERSION = '0.1.0';
/** The zenoh-ts release the zenoh backend is built against (the router must match it). */
export const ZENOH_TS_VERSION = '1.10.1';

export interface SdkVersion {
  readonly sdk: string;
  readonly schema: number;
  readonly zenohTs: string;
  readonly node: string;
}

export function version(): SdkVersion {
  return { sdk: SDK_VERSION, schema: CLIENT_SCHEMA_VERSION, zenohTs: ZENOH_TS_VERSION, node: hostVersion() };
}
