import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SrvTrigger, SrvVRobotCreate } from '../../../src/vrobots/messages/service-messages.js';
import { buildArgs, toVec3 } from '../../../src/vrobots/sdk/command-helpers.js';
import { defaultConnectOptions } from '../../../src/vrobots/sdk/connect-options.js';
import { CLIENT_SCHEMA_VERSION, HeaderStamp } from '../../../src/vrobots/sdk/header-stamp.js';
import { firstNonFinite } from '../../../src/vrobots/sdk/payload-checks.js';
import { ManagerCreate, NoPayload, PayloadLessAck } from '../../../src/vrobots/sdk/payload-less.js';
import { SDK_VERSION, version } from '../../../src/vrobots/sdk/version.js';

describe('payload-less requests', () => {
  it('encode to zero bytes (what the simulator reads as "no payload")', () => {
    expect(NoPayload.encode(undefined).byteLength).toBe(0);
    expect(PayloadLessAck.Request.encode(undefined).byteLength).toBe(0);
    expect(ManagerCreate.Request.encode(undefined).byteLength).toBe(0);
  });

  it('share the create key with the real create: a request encodes as SrvVRobotCreate', () => {
    const create = SrvVRobotCreate.create({ robotType: 'msd', clientName: 'me' });
    const bytes = ManagerCreate.Request.encode(create);
    expect(bytes).toEqual(SrvVRobotCreate.encode(create));
    expect(ManagerCreate.Request.decode(bytes)).toEqual(create);
    expect(ManagerCreate.Request.decode(new Uint8Array(0))).toBeUndefined();
  });

  it('are needed: a SrvTrigger stamped with the client header is not empty', () => {
    expect(
      SrvTrigger.encode(SrvTrigger.create({ header: { srcId: 122, name: 'vrobots-sdk' } })).byteLength,
    ).toBeGreaterThan(0);
  });
});

describe('header stamp', () => {
  it('carries the options and a per-key seq that only a committed send uses up', () => {
    const o = { ...defaultConnectOptions(), srcId: 5, clientName: 'me' };
    const stamp = new HeaderStamp(o, 42);
    const a = stamp.next('vrobots/42/z/cmd');
    expect(a).toMatchObject({
      srcId: 5,
      name: 'me',
      seq: 0n,
      sysId: 42,
      coordFrameId: 'unity',
      axisConvention: 1,
      schemaVersion: CLIENT_SCHEMA_VERSION,
      topicFullName: 'vrobots/42/z/cmd',
    });
    expect(stamp.next('vrobots/42/z/cmd').seq).toBe(0n); // refused send: not committed
    stamp.commit('vrobots/42/z/cmd');
    expect(stamp.next('vrobots/42/z/cmd').seq).toBe(1n);
    expect(stamp.next('vrobots/42/z/estimate').seq).toBe(0n);
    const ms = Number(a.timestampNs / 1_000_000n);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });
});

describe('argument shaping', () => {
  it('takes vectors as objects or tuples and refuses anything else', () => {
    expect(toVec3([1, 2, 3], 'v')).toEqual({ ok: true, value: { x: 1, y: 2, z: 3 } });
    expect(toVec3({ x: 1, y: 2, z: 3 }, 'v').ok).toBe(true);
    for (const bad of [[1, 2], [1, 2, Number.NaN], { x: 1, y: 2 }, null, 'xyz']) {
      const r = toVec3(bad as never, 'force');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/^invalid_argument: force must be 3 finite numbers/);
    }
  });

  it('refuses non-number arrays before validation', () => {
    expect(buildArgs.mrPwm(['1500'] as never).ok).toBe(false);
    expect(buildArgs.mrPwm('1500' as never).ok).toBe(false);
    expect(buildArgs.car(1500, 1600)).toEqual({ ok: true, value: { intArr: [1500, 1600] } });
    expect(buildArgs.forceTorque([1, 0, 0], [0, 0, 1])).toEqual({
      ok: true,
      value: { vec3: { x: 1, y: 0, z: 0 }, vec3Arr: [{ x: 0, y: 0, z: 1 }] },
    });
  });

  it('finds the first non-finite number by path', () => {
    expect(firstNonFinite({ a: [1, { b: Number.NaN }] }, 'x')).toBe('x.a[1].b');
    expect(firstNonFinite({ a: [1, { b: 2 }], s: 'text' }, 'x')).toBeUndefined();
  });
});

describe('version()', () => {
  it('matches package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    expect(SDK_VERSION).toBe(pkg.version);
    expect(version().zenohTs).toBe(pkg.dependencies['@eclipse-zenoh/zenoh-ts']);
    expect(version().schema).toBe(CLIENT_SCHEMA_VERSION);
  });
});
