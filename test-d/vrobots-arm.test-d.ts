// Compile-time contract of the arm client: rti_connect's arguments are typed (a transport that
// is not udp/tcp, a rate that is not a number do not compile: the run-time checks are for
// untyped callers), targets are joint arrays, and every answer is an RtiResult.
import { expectError, expectType } from 'tsd';
import type { ArmStatus, RtiClient, RtiError, RtiResult, RtiResultOf, TargetStream } from '../src/vrobots/index.js';

declare const rti: RtiClient;

expectType<Promise<RtiResult>>(rti.connect());
expectType<Promise<RtiResult>>(rti.connect({ pcIp: '10.0.0.2', wait: true, rateHz: 50, transport: 'tcp' }));
expectError(rti.connect({ transport: 'quic' }));
expectError(rti.connect({ rateHz: '50' }));
expectError(rti.connect({ wait: 1 }));
expectType<Promise<RtiResult>>(rti.claim());
expectType<Promise<RtiResultOf<ArmStatus>>>(rti.latestStatus());
expectType<RtiResult>(rti.send([0, 0, 0, 0, 0, 0]));
expectError(rti.send('home'));
expectType<RtiResultOf<TargetStream>>(rti.stream((i) => (i < 10 ? [0, 0, 0, 0, 0, 0] : undefined)));
expectError(rti.stream((i) => i));

declare const r: RtiResult;
if (!r.ok) {
  expectType<RtiError>(r.error);
  expectType<number | undefined>(r.error.rtiCode);
}
