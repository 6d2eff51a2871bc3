import { describe, expect, it } from 'vitest';
import { ErrorCode, isRclError, type ResultOf } from '../../../src/result.js';
import { VirtualRobot } from '../../../src/vrobots/index.js';
import {
  formatVrError,
  fromRclError,
  isVrError,
  VrErrorCode,
  type VrResultOf,
  vrErr,
  vrError,
} from '../../../src/vrobots/sdk/vr-error.js';

describe('VrError', () => {
  it('keeps the vendor codes stable', () => {
    expect(VrErrorCode).toMatchObject({
      session: 1,
      invalid_argument: 2,
      timeout: 3,
      decode: 4,
      publish: 5,
      service: 6,
      no_responder: 7,
      deleted: 8,
      config: 9,
    });
  });

  it('prints as <kind>: <detail> and is also an RclError with the nros code', () => {
    const e = vrError('timeout', 'no state on vrobots/4000000000/z/state within 800ms');
    expect(e.message).toBe('timeout: no state on vrobots/4000000000/z/state within 800ms');
    expect(formatVrError(e)).toBe(e.message);
    expect(e.vrCode).toBe(3);
    expect(e.code).toBe(ErrorCode.Timeout);
    expect(e.name).toBe('Timeout');
    expect(isRclError(e)).toBe(true);
    expect(isVrError(e)).toBe(true);
  });

  it('maps every kind onto an nros code', () => {
    const pairs: [Parameters<typeof vrError>[0], number][] = [
      ['session', ErrorCode.TransportError],
      ['invalid_argument', ErrorCode.InvalidArgument],
      ['publish', ErrorCode.PublishFailed],
      ['service', ErrorCode.ServiceFailed],
      ['no_responder', ErrorCode.NotFound],
      ['unsupported', ErrorCode.Unsupported],
    ];
    for (const [kind, code] of pairs) expect(vrError(kind, 'x').code).toBe(code);
  });

  it('fits the one Result shape', () => {
    const r: VrResultOf<number> = vrErr('service', "unknown skin 'x'");
    const generic: ResultOf<number> = r; // compiles: VrError extends RclError
    expect(generic.ok).toBe(false);
  });

  it('guards by shape, not instanceof', () => {
    expect(
      isVrError({ kind: 'timeout', vrCode: 3, detail: 'd', message: 'timeout: d', code: -2, name: 'Timeout' }),
    ).toBe(true);
    expect(isVrError({ kind: 'timeout', vrCode: 4, detail: 'd', message: 'm', code: -2 })).toBe(false);
    expect(isVrError({ code: -2, name: 'Timeout', message: 'm' })).toBe(false);
    expect(isVrError(null)).toBe(false);
  });

  it('lifts rclcpp errors keeping the sentence', () => {
    const e = fromRclError({ code: -2, name: 'Timeout', message: 'no reply on k within 5 ms' }, 'srv/params');
    expect(e.kind).toBe('timeout');
    expect(e.detail).toBe('srv/params: no reply on k within 5 ms');
    expect(fromRclError({ code: -100, name: 'TransportError', message: 'closed' }).kind).toBe('session');
    expect(
      fromRclError({ code: -1, name: 'Error', message: 'cannot decode swarmbotix.services.SrvAck (reply)' }).kind,
    ).toBe('decode');
    expect(fromRclError({ code: -4, name: 'NotFound', message: 'nobody serves k' }).kind).toBe('no_responder');
  });
});

describe('VirtualRobot.connect to an unreachable router', () => {
  it('answers a session error, as the vendor SDK does, naming the router and the budget', async () => {
    const r = await VirtualRobot.connect('multirotor', undefined, { router: 'ws/127.0.0.1:1', connectTimeoutMs: 1500 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('session');
    expect(r.error.vrCode).toBe(1);
    expect(r.error.message).toContain('ws/127.0.0.1:1');
    expect(r.error.message).toContain('1500ms');
  });
});
