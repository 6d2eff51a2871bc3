// Round trips of every swarmbotix message through the rclts type support, and the State size.
import { describe, expect, it } from 'vitest';
import { FIELDS, type FieldInfo } from '../../../src/vrobots/generated/swarmbotix-types.js';
import { messageNames, messageTypeByName } from '../../../src/vrobots/messages/message-registry.js';
import { SrvTrigger } from '../../../src/vrobots/messages/service-messages.js';
import { ROBOT_SERVICES } from '../../../src/vrobots/messages/service-table.js';
import { CmdArgs, Command, State } from '../../../src/vrobots/messages/topic-messages.js';

/** A value for every field (optional ones included), different per field so swaps show. */
function filled(typeName: string, seed: number, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let i = seed;
  const value = (f: FieldInfo): unknown => {
    i++;
    if (f.kind === 'message') return filled(f.type, i * 7, depth + 1);
    if (f.kind === 'enum') return 1 + (i % 3);
    if (f.kind === 'long')
      return f.type.startsWith('u') || f.type === 'fixed64' ? 2n ** 63n + BigInt(i) : -(2n ** 40n) - BigInt(i);
    switch (f.type) {
      case 'bool':
        return true;
      case 'string':
        return `s${i}-ü`;
      case 'double':
        return 47.123456789 + i;
      case 'float':
        return Math.fround(i * 0.37 - 1.5);
      case 'uint32':
        return 0xfffffff0 - i;
      default:
        return -1000 - i;
    }
  };
  for (const f of FIELDS[typeName] ?? []) out[f.name] = f.repeated ? [value(f), value(f)] : value(f);
  return out;
}

describe('swarmbotix message round trips', () => {
  it('knows the messages the spec names', () => {
    const names = messageNames();
    for (const n of [
      'swarmbotix.common.Header',
      'swarmbotix.states.State',
      'swarmbotix.states.EstimateState',
      'swarmbotix.commands.Command',
      'swarmbotix.commands.CmdArgs',
      'swarmbotix.coordinates.CoordFrameDef',
      ...[
        'SrvAck',
        'SrvVRobotCreate',
        'SrvVRobotCreated',
        'SrvVRobotDelete',
        'SrvReset',
        'SrvVRobotPhysicalProperty',
        'SrvVRobotSkin',
        'SrvSensorConfig',
        'SrvVRobotFrame',
        'SrvCameraConfig',
        'SrvUgvDriveConfig',
        'SrvMultirotorRotorConfig',
        'SrvMsdConfig',
        'SrvCartPoleConfig',
      ].map((s) => `swarmbotix.services.${s}`),
    ]) {
      expect(names).toContain(n);
    }
  });

  it.each(messageNames())('%s encodes and decodes every field', (name) => {
    const type = messageTypeByName(name);
    if (!type.ok) throw new Error(type.error.message);
    const msg = filled(name, name.length);
    const bytes = type.value.encode(msg);
    expect(bytes.length).toBeGreaterThan(0);
    expect(type.value.decode(bytes)).toEqual(msg);
  });

  it.each(messageNames())('%s: an all-default message is zero bytes and decodes to the defaults', (name) => {
    const type = messageTypeByName(name);
    if (!type.ok) throw new Error(type.error.message);
    const d = type.value.create();
    expect(type.value.encode(d).length).toBe(0);
    expect(type.value.decode(new Uint8Array(0))).toEqual(d);
  });

  it('keeps optional fields absent, and tells a present zero from absence', () => {
    const absent = CmdArgs.decode(CmdArgs.encode(CmdArgs.create({ intArr: [1500] })));
    expect('intVal' in absent).toBe(false);
    expect('vec3' in absent).toBe(false);
    const zero = CmdArgs.decode(CmdArgs.encode(CmdArgs.create({ intVal: 0, vec3: { x: 0 } })));
    expect(zero.intVal).toBe(0);
    expect(zero.vec3).toEqual({ x: 0, y: 0, z: 0 });
  });

  it('fills nested defaults in create and on decode', () => {
    const s = State.create({ kinematics: { position: { x: 2 } } });
    expect(s.kinematics.orientation).toEqual({ x: 0, y: 0, z: 0, w: 0 });
    expect(s.sensors.gnss.velocity).toEqual({ x: 0, y: 0, z: 0 });
    expect(State.decode(State.encode(s)).kinematics.position).toEqual({ x: 2, y: 0, z: 0 });
    expect(SrvTrigger.encode(SrvTrigger.create({ header: {} })).length).toBe(0);
  });

  it('decode throws on malformed bytes (the rclcpp layer counts it)', () => {
    const good = State.encode(State.create({ header: { seq: 9n, name: 'sim' } }));
    expect(() => State.decode(good.subarray(0, good.length - 2))).toThrow();
    expect(() => State.decode(new Uint8Array([0x0a, 0x7f, 0x01]))).toThrow();
    expect(() =>
      Command.decode(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])),
    ).toThrow();
  });

  it('encode throws naming the field when a value does not fit', () => {
    const bad = Command.create({ id: 300 }) as unknown as { id: unknown };
    bad.id = 'x';
    expect(() => Command.encode(bad as never)).toThrow(/swarmbotix\.commands\.Command\.id/);
    expect(() => Command.encode(Command.create({ id: -1 }))).toThrow(/uint32/);
    expect(() => Command.encode(Command.create({ header: { seq: -1n } }))).toThrow(/seq/);
  });

  it('keeps 64-bit stamps exact', () => {
    const stamp = 1_732_900_000_123_456_789n;
    const back = State.decode(State.encode(State.create({ header: { timestampNs: stamp, seq: 2n ** 64n - 1n } })));
    expect(back.header.timestampNs).toBe(stamp);
    expect(back.header.seq).toBe(2n ** 64n - 1n);
  });

  it('pairs every robot service segment with a request and a reply type', () => {
    for (const [segment, { service: svc }] of Object.entries(ROBOT_SERVICES)) {
      expect(svc.typeName, segment).toMatch(/^swarmbotix\.services\./);
      expect(svc.Response.typeName).toBe('swarmbotix.services.SrvAck');
    }
  });
});

describe('encode reuses one writer', () => {
  it('every encoded message owns its bytes: a later encode does not overwrite an earlier one', () => {
    const a = State.create({ header: { name: 'first', seq: 1n }, robotType: 'msd', active: true });
    const b = State.create({ header: { name: 'second, longer', seq: 2n }, robotType: 'multirotor' });
    const bytesA = State.encode(a);
    const copyA = new Uint8Array(bytesA);
    const bytesB = State.encode(b);
    expect([...bytesA]).toEqual([...copyA]);
    expect(State.decode(bytesA).header.name).toBe('first');
    expect(State.decode(bytesB).header.name).toBe('second, longer');
  });

  it('a big message, then a small one, encode as they would alone', () => {
    const big = Command.create({ id: 300, args: { floatArr: Array.from({ length: 30_000 }, (_, i) => i) } });
    const small = Command.create({ id: 51, args: { vec3: { x: 1, y: 2, z: 3 } } });
    const smallAlone = Command.encode(small);
    expect(Command.decode(Command.encode(big)).args.floatArr).toHaveLength(30_000);
    expect([...Command.encode(small)]).toEqual([...smallAlone]);
  });
});
