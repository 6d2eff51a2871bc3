// The structures of every bundled package and of rosidl's test_msgs (generated once per test
// file into a temporary folder, as a user generates their own package), for peer JSON.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findPackageDirs, readPackage } from '../../../src/interface-compiler/load-files.js';
import { generateFixture } from '../../support/generate-fixture.js';

const testMsgsFiles = findPackageDirs(join(import.meta.dirname, '../../fixtures/interfaces/test_msgs')).flatMap(
  readPackage,
);
const fixture = generateFixture(testMsgsFiles);

export const structs = fixture.structs;

/** The generated test_msgs package (its msg, srv and action sections). */
export async function loadTestMsgs(): Promise<Record<string, Record<string, unknown>>> {
  return (await import(pathToFileURL(join(fixture.dir, 'test_msgs', 'index.ts')).href)) as Record<
    string,
    Record<string, unknown>
  >;
}
