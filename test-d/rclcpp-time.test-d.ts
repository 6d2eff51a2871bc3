// Compile-time contract of ROS time: node.now() is a Time, a Rate keeps its clock type, and
// sleeping on a ros-clock Rate without a budget does not compile (sim time may stop).
import { expectError, expectType } from 'tsd';
import {
  Clock,
  type Duration,
  type Node,
  Rate,
  type ResultOf,
  type Time,
  type TimeJump,
  type Timer,
} from '../src/index.js';

declare const node: Node;

expectType<Time>(node.now());
expectType<Clock<'ros'>>(node.getClock());
// now() is no longer a bare bigint.
expectError<bigint>(node.now());

// ---- timers on a clock ----
expectType<ResultOf<Timer>>(node.createTimer(100, () => {}));
expectType<ResultOf<Timer>>(node.createTimer(100, () => {}, { clock: new Clock('steady') }));
expectError(node.createTimer(100, () => {}, { clock: 'ros' }));

// ---- jump handlers ----
declare const d: Duration;
node.getClock().createJumpHandler(undefined, (jump) => expectType<TimeJump>(jump), { onClockChange: true });
expectError(node.getClock().createJumpHandler(undefined, undefined, { minForward: d }));

// ---- Rate ----
declare const rosRate: Rate<'ros'>;
declare const wallRate: Rate<'steady'>;
expectType<ResultOf<Rate<'ros'>>>(node.createRate(10));
expectType<ResultOf<Rate<'steady'>>>(Rate.create(10));
expectType<ResultOf<Rate<'system'>>>(Rate.create(10, new Clock('system')));
expectType<Promise<ResultOf<boolean>>>(rosRate.sleep(1000));
expectType<Promise<ResultOf<boolean>>>(wallRate.sleep());
// A ros-clock Rate waits for /clock: without a budget it does not compile.
expectError(rosRate.sleep());
// A Rate on a clock of unknown type needs one too.
declare const anyRate: Rate;
expectError(anyRate.sleep());
// A rate is Hz or a Duration period, not a string.
expectError(node.createRate('10'));
expectError(Rate.create({ hz: 10 }));
// compare answers a Result (a hostile argument is an error value, not a throw).
expectType<ResultOf<-1 | 0 | 1>>(d.compare(d));
expectType<number>(d.seconds());
