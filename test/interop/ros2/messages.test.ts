// Every bundled message type the ROS 2 Kilted wheels also carry, and rosidl's test_msgs, with
// random messages: rclpy's serialize_message (rmw_zenoh_cpp's Fast-CDR type support) gives the
// bytes rclts's encode gives, alignment padding aside (Fast-CDR skips padding without writing it,
// so those bytes are whatever its buffer held), and each side decodes the other's bytes to the
// same message. A deviation names the type, the message, both dumps and the side that deviates.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as bundled from '../../../src/rclcpp/interfaces/generated/index.js';
import type { MessageClass } from '../../../src/rclcpp/interfaces/runtime/index.js';
import { hasWString, MessageArbitraries } from '../../support/interface-arbitraries.js';
import { firstDifference, maskedHex, paddingMask } from './cdr-padding.js';
import { EXTRA_PYTHON } from './extra-interfaces.js';
import { describeRos2, lonePeer, RclpyPeer } from './peer.js';
import { fromPeerJson, toPeerJson } from './peer-json.js';
import { loadTestMsgs, structs } from './structs.js';

type Modules = Record<string, Record<string, Record<string, unknown>>>;
const modules: Modules = { ...(bundled as unknown as Modules), test_msgs: await loadTestMsgs() };

function messageClass(typeName: string): MessageClass<Record<string, unknown>> {
  const [pkg, kind, name] = typeName.split('/') as [string, string, string];
  return modules[pkg]![kind]![name] as MessageClass<Record<string, unknown>>;
}

const messages = [...structs.values()].filter((s) => !s.description).map((s) => s.typeName);
const packages = [...new Set(messages.map((t) => t.split('/')[0]!))].sort();
const ascii = new MessageArbitraries(structs, { ascii: true, maxSequence: 4 });
const unicode = new MessageArbitraries(structs, { ascii: false, maxSequence: 3 });
/** Packages the wheels may lack (the peer's build installs them only where PyPI has them). */
const MAY_BE_MISSING = new Set(['example_interfaces', 'statistics_msgs', 'tf2_msgs']);
const PER_TYPE = 12;

let peer: RclpyPeer;
let missing: Set<string>;

/**
 * A ROS 2 string is a C string on rclpy's side (rosidl_runtime_c assigns it up to the first NUL),
 * so a NUL inside one cannot cross: the random strings leave it out (docs/interop.md).
 */
function withoutNul(v: unknown): unknown {
  if (typeof v === 'string') return v.replaceAll('\u0000', ' ');
  if (Array.isArray(v)) return v.map(withoutNul);
  if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutNul(x)]));
  return v;
}

function sample(typeName: string, seed: number): Record<string, unknown>[] {
  return [
    ...fc.sample(ascii.of(typeName), { numRuns: PER_TYPE / 2, seed }),
    ...fc.sample(unicode.of(typeName), { numRuns: PER_TYPE / 2, seed: seed + 1 }),
  ].map((m) => withoutNul(m) as Record<string, unknown>);
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const json = (m: Record<string, unknown>): string =>
  JSON.stringify(m, (_k, v) => (typeof v === 'bigint' ? `${v}n` : ArrayBuffer.isView(v) ? Array.from(v as never) : v));

/** Every deviation of one type on its random messages, as sentences with the dumps (empty: none). */
async function deviations(typeName: string, seed: number): Promise<string[]> {
  const type = messageClass(typeName);
  const ms = sample(typeName, seed);
  const ours = ms.map((m) => type.encode(m));
  const [theirs, read] = await Promise.all([
    peer.must('serialize', { type: typeName, messages: ms.map((m) => toPeerJson(m, typeName, structs)) }),
    peer.must('deserialize', { type: typeName, hex: ours.map(hex) }),
  ]);
  const out: string[] = [];
  ms.forEach((m, i) => {
    const pyBytes = Uint8Array.from(Buffer.from((theirs.hex as string[])[i]!, 'hex'));
    const tsBytes = ours[i]!;
    const mask = paddingMask(pyBytes, typeName, structs);
    const what = `${typeName} message ${json(m)}`;
    const dumps = `rclpy (Fast-CDR):\n${maskedHex(pyBytes, mask)}\nrclts:\n${maskedHex(tsBytes, mask)}`;
    if (mask === undefined) out.push(`${what}: rclpy's bytes do not walk as Fast-CDR's layout here\n${dumps}`);
    else {
      const at = firstDifference(pyBytes, tsBytes, mask);
      const lengthOk = tsBytes.length <= pyBytes.length && mask.slice(tsBytes.length).every(Boolean);
      if (at >= 0 || !lengthOk)
        out.push(
          `${what}: rclts's encode deviates from Fast-CDR at byte ${at} (lengths ${tsBytes.length}, ${pyBytes.length})\n${dumps}`,
        );
    }
    const back = (read.messages as { msg?: Record<string, never>; error?: string }[])[i]!;
    if (back.error !== undefined) out.push(`${what}: rclpy cannot read rclts's bytes (${back.error})\n${dumps}`);
    else if (!equal(fromPeerJson(back.msg!, typeName, structs), m))
      out.push(`${what}: rclpy reads rclts's bytes as ${JSON.stringify(back.msg)}\n${dumps}`);
    let decoded: unknown;
    try {
      decoded = type.decode(pyBytes);
    } catch (e) {
      decoded = e;
    }
    if (!equal(decoded, m))
      out.push(
        `${what}: rclts decodes rclpy's bytes as ${String(decoded instanceof Error ? decoded : json(decoded as never))}\n${dumps}`,
      );
  });
  return out.slice(0, 3);
}

function equal(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}

describeRos2('CDR against rclpy on rmw_zenoh_cpp (Fast-CDR), random messages of every shared type', () => {
  beforeAll(async () => {
    // With the extra interfaces built, their python also knows tf2_msgs, example_interfaces and statistics_msgs.
    peer = EXTRA_PYTHON === undefined ? await lonePeer() : await RclpyPeer.start(EXTRA_PYTHON, undefined);
    const answer = await peer.must('types', { types: messages, budgetMs: 60_000 });
    missing = new Set(answer.missing as string[]);
  }, 90_000);
  afterAll(() => peer?.kill());

  it('the wheels carry every bundled package except, at most, example_interfaces, statistics_msgs and tf2_msgs', () => {
    const lacking = packages.filter((p) => messages.some((t) => t.startsWith(`${p}/`) && missing.has(t)));
    console.log(`packages the wheels do not carry: ${lacking.join(', ') || 'none'}`);
    expect(lacking.filter((p) => !MAY_BE_MISSING.has(p))).toEqual([]);
  });

  for (const [n, pkg] of packages.entries()) {
    it(`${pkg}: rclpy's bytes equal rclts's (padding aside) and each side reads the other's (no wstring)`, async (ctx) => {
      const types = messages.filter((t) => t.startsWith(`${pkg}/`) && !hasWString(t, structs));
      if (types.every((t) => missing.has(t))) ctx.skip(`${pkg}: not in the ROS 2 Kilted wheels`);
      const found = await Promise.all(types.filter((t) => !missing.has(t)).map((t, i) => deviations(t, 1000 * n + i)));
      expect(found.flat().join('\n\n')).toBe('');
    }, 60_000);
  }

  it('wstring (test_msgs/msg/WStrings): Fast-CDR writes a uint32 count and one uint32 per UTF-16 unit; both sides agree', async () => {
    const types = messages.filter((t) => hasWString(t, structs) && !missing.has(t));
    expect(types).toContain('test_msgs/msg/WStrings');
    const found = await Promise.all(types.map((t, i) => deviations(t, 7_000 + i)));
    expect(found.flat().join('\n\n')).toBe('');
  }, 60_000);
});
