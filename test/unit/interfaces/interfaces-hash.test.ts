// Type hashes (REP-2016 RIHS01) of every bundled type and of test_msgs against ROS 2 Jazzy's own
// values: the spec's reference hashes, and the tables in test/fixtures/interfaces made by
// scripts/reference-type-hashes.py from the Jazzy wheels' rosidl descriptions (and, for the
// three packages without a wheel, rosidl_generator_type_description 4.6.6 run on them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledModules } from '../../../src/interface-compiler/bundled.js';
import { compileInterfaces } from '../../../src/interface-compiler/compile.js';
import { findPackageDirs, readPackage } from '../../../src/interface-compiler/load-files.js';
import { hashedDescription } from '../../../src/interface-compiler/type-hash.js';
import {
  example_interfaces,
  geometry_msgs,
  service_msgs,
  std_msgs,
  builtin_interfaces,
} from '../../../src/rclcpp/interfaces/generated/index.js';

const ROOT = join(import.meta.dirname, '../../..');
const FIXTURES = join(ROOT, 'test/fixtures/interfaces');
const table = (name: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as { hashes: Record<string, string> }).hashes;

const bundled = bundledModules(join(ROOT, 'interfaces'));
if (!bundled.ok) throw new Error(bundled.error.message);

describe('RIHS01 type hashes', () => {
  it('match the reference values of the spec', () => {
    expect(std_msgs.msg.String.typeHash).toBe(
      'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18',
    );
    expect(std_msgs.msg.Empty.typeHash).toBe('RIHS01_20b625256f32d5dbc0d04fee44f43c41e51c70d3502f84b4a08e7a9c26a96312');
    expect(builtin_interfaces.msg.Time.typeHash).toBe(
      'RIHS01_b106235e25a4c5ed35098aa0a61a3ee9c9b18d197f398b0e4206cea9acf9c197',
    );
    expect(geometry_msgs.msg.Twist.typeHash).toBe(
      'RIHS01_9c45bf16fe0983d80e3cfe750d6835843d265a9a6c46bd2e609fcddde6fb8d2a',
    );
    expect(example_interfaces.srv.AddTwoInts.typeHash).toBe(
      'RIHS01_e118de6bf5eeb66a2491b5bda11202e7b68f198d6f67922cf30364858239c81a',
    );
  });

  it('of every bundled type (services and actions with all their parts) equal Jazzy rosidl', () => {
    const reference = table('jazzy-type-hashes.json');
    const mine = Object.fromEntries([...bundled.value.hashes].sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(Object.keys(mine).length).toBeGreaterThan(320);
    expect(mine).toEqual(reference);
  });

  it('of test_msgs (arrays, bounds, defaults, strings, wstrings, actions) equal its Jazzy rosidl descriptions', () => {
    const files = findPackageDirs(join(FIXTURES, 'test_msgs')).flatMap(readPackage);
    const deps = findPackageDirs(join(ROOT, 'interfaces')).flatMap(readPackage);
    const compiled = compileInterfaces({ files, dependencies: deps, paths: { runtime: 'r', codec: (p) => p } });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    const reference = table('test_msgs-type-hashes.json');
    const all = new Map([...bundled.value.hashes, ...compiled.value.hashes]);
    for (const [name, hash] of Object.entries(reference)) expect(all.get(name), name).toBe(hash);
    expect([...compiled.value.hashes.keys()].filter((n) => n.startsWith('test_msgs/')).length).toBe(
      Object.keys(reference).filter((n) => n.startsWith('test_msgs/')).length,
    );
  });

  it('describe char as UINT8 (type id 3), as rosidl does, so every service event hash is right', () => {
    const info = bundled.value.interfaces.find((i) => i.typeName === 'service_msgs/msg/ServiceEventInfo')!;
    const table = new Map(bundled.value.interfaces.flatMap((i) => i.structs.map((s) => [s.typeName, s] as const)));
    const text = hashedDescription(info.structs[0]!, table);
    expect(text).toContain('{"name": "client_gid", "type": {"type_id": 51, "capacity": 16, "string_capacity": 0');
    expect(service_msgs.msg.ServiceEventInfo.typeHash).toBe(
      'RIHS01_41bcbbe07a75c9b52bc96bfd5c24d7f0fc0a08c0cb7921b3373c5732345a6f45',
    );
  });
});
