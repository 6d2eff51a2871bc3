// The web console runs under a content security policy without 'unsafe-eval': the vrobots codec
// must compile nothing at run time. Its one path is code generated ahead of time; here it runs
// in a context that refuses code from strings, and must give the same bytes and messages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as runtime from '../../../src/vrobots/messages/codec-runtime.js';
import { State } from '../../../src/vrobots/messages/topic-messages.js';
import { WireReader } from '../../../src/vrobots/messages/wire-reader.js';
import { WireWriter } from '../../../src/vrobots/messages/wire-writer.js';

const ROOT = join(import.meta.dirname, '../../..');
const GENERATED = join(ROOT, 'src/vrobots/generated/swarmbotix-codec.js');

describe('vrobots codec: no code compiled at run time', () => {
  it('has no new Function or eval in the codec sources', () => {
    const files = [
      ...readdirSync(join(ROOT, 'src/vrobots/messages')).map((f) => join(ROOT, 'src/vrobots/messages', f)),
      GENERATED,
    ];
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\bnew Function\b|\beval\(/);
  });

  it('encodes and decodes a State where code from strings is refused', () => {
    const context = vm.createContext({}, { codeGeneration: { strings: false, wasm: false } });
    expect(() => vm.runInContext("new Function('return 1')", context)).toThrow(/Code generation from strings/);
    const source = readFileSync(GENERATED, 'utf8').replace('export function bindCodecs', 'function bindCodecs');
    const bind = vm.runInContext(
      `${source}\nbindCodecs`,
      context,
    ) as typeof import('../../../src/vrobots/generated/swarmbotix-codec.js').bindCodecs;
    const codecs = bind<WireWriter, WireReader>({
      ...runtime,
      checkScalar: runtime.checkScalar as never,
      checkedLong: runtime.checkedLong as never,
      notArray: runtime.notArray as never,
      notObject: runtime.notObject as never,
    });
    const codec = codecs['swarmbotix.states.State'];
    if (codec === undefined) throw new Error('no State codec');
    const state = State.create({
      header: { seq: 41n, timestampNs: 1_732_900_000_000_000_000n, name: 'vrobots-sim', sysId: 7 },
      robotType: 'multirotor',
      active: true,
      kinematics: { position: { x: 1.5, y: -2, z: 3 } },
      actuator: { pwm: [1580, 1560, 1575, 1555], normalized: [0.5, 0.25], lastCmdSeq: 3n },
    });
    const w = new WireWriter();
    codec.encode(state as unknown as Record<string, unknown>, w);
    const bytes = w.finish();
    expect(Buffer.from(bytes)).toEqual(Buffer.from(State.encode(state)));
    const text = (m: unknown): string => JSON.stringify(m, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
    expect(text(codec.decode(new WireReader(bytes), 0, undefined))).toBe(text(state));
    expect(text(state)).toContain('"seq":"41n"');
  });
});
