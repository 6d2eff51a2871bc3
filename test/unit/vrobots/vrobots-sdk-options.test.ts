import { describe, expect, it } from 'vitest';
import {
  AxisConvention,
  type ConnectOptions,
  DEFAULT_ACTIVATE_AFTER_CREATE,
  DEFAULT_CAMERA_TIMEOUT_MS,
  DEFAULT_CLIENT_NAME,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_COORD_FRAME_ID,
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_SERVICE_TIMEOUT_MS,
  DEFAULT_SRC_ID,
  DEFAULT_START_ACTIVE,
  defaultConnectOptions,
  resolveConnectOptions,
} from '../../../src/vrobots/sdk/connect-options.js';

describe('ConnectOptions', () => {
  it('has the vendor defaults', () => {
    expect(DEFAULT_SRC_ID).toBe(122);
    expect(DEFAULT_CONNECT_TIMEOUT_MS).toBe(5000);
    expect(DEFAULT_PROBE_TIMEOUT_MS).toBe(15000);
    expect(DEFAULT_SERVICE_TIMEOUT_MS).toBe(8000);
    expect(DEFAULT_CAMERA_TIMEOUT_MS).toBe(5000);
    expect(DEFAULT_CLIENT_NAME).toBe('vrobots-sdk');
    expect(DEFAULT_START_ACTIVE).toBe(true);
    expect(DEFAULT_ACTIVATE_AFTER_CREATE).toBe(true);
    expect(DEFAULT_COORD_FRAME_ID).toBe('unity');
    const d = defaultConnectOptions();
    expect(d.axisConvention).toBe(AxisConvention.UNITY);
    expect(d.router).toBeUndefined();
    expect(d.robotName).toBeUndefined();
    const r = resolveConnectOptions(undefined);
    expect(r.ok && r.value).toEqual(d);
  });

  it('merges given fields over the defaults', () => {
    const r = resolveConnectOptions({
      srcId: 7,
      router: 'ws/127.0.0.1:10000',
      serviceTimeoutMs: 300,
      coordFrameId: 'frd',
      axisConvention: 2,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.srcId).toBe(7);
    expect(r.value.router).toBe('ws/127.0.0.1:10000');
    expect(r.value.serviceTimeoutMs).toBe(300);
    expect(r.value.connectTimeoutMs).toBe(5000);
    expect(r.value.axisConvention).toBe(2);
  });

  const refusals: [string, ConnectOptions, string][] = [
    ['src id 0', { srcId: 0 }, 'srcId'],
    ['negative src id', { srcId: -1 }, 'srcId'],
    ['src id past u32', { srcId: 2 ** 32 }, 'srcId'],
    ['fractional src id', { srcId: 1.5 }, 'srcId'],
    ['negative connect timeout', { connectTimeoutMs: -1 }, 'connectTimeoutMs'],
    ['negative probe timeout', { probeTimeoutMs: -5 }, 'probeTimeoutMs'],
    ['NaN service timeout', { serviceTimeoutMs: Number.NaN }, 'serviceTimeoutMs'],
    ['infinite camera timeout', { cameraTimeoutMs: Number.POSITIVE_INFINITY }, 'cameraTimeoutMs'],
    ['NUL in the robot name', { robotName: 'a\0b' }, 'robotName'],
    ['empty robot name', { robotName: '' }, 'robotName'],
    ['NUL in the client name', { clientName: 'x\0' }, 'clientName'],
    ['NUL in the frame id', { coordFrameId: 'uni\0ty' }, 'coordFrameId'],
    ['malformed router', { router: 'localhost:7447' }, 'router'],
    ['router without port', { router: 'ws/localhost' }, 'router'],
    ['router port 0', { router: 'ws/127.0.0.1:0' }, 'router'],
    ['router port past 65535', { router: 'ws/127.0.0.1:70000' }, 'router'],
    ['unknown axis convention', { axisConvention: 9 as AxisConvention }, 'axisConvention'],
    ['non-boolean flag', { startActive: 'yes' as unknown as boolean }, 'startActive'],
  ];
  for (const [what, options, field] of refusals) {
    it(`refuses ${what} as invalid_argument naming ${field}`, () => {
      const r = resolveConnectOptions(options);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('invalid_argument');
      expect(r.error.vrCode).toBe(2);
      expect(r.error.message).toContain(`ConnectOptions.${field}`);
      expect(r.error.message.startsWith('invalid_argument: ')).toBe(true);
    });
  }
});
