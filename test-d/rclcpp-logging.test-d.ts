// Compile-time contract of the loggers: a message is a string or a function making one, a
// throttle takes a clock and a period, a level is a LogLevel; anything else does not compile.
import { expectError, expectType } from 'tsd';
import { getLogger, type Logger, LogLevel, type Node, type Result, UNSET_LEVEL } from '../src/index.js';

declare const node: Node;
const log: Logger = node.getLogger();

expectType<Logger>(log.getChild('sub'));
expectType<Logger>(getLogger('standalone'));
expectType<void>(log.info('text'));
expectType<void>(log.debug(() => 'made only when written'));
expectType<void>(log.warnThrottle(node, 1000, 'at most once a second'));
expectType<void>(log.errorThrottle(node.getClock(), 1000, 'a Clock is a throttle clock too'));
expectType<void>(log.infoExpression(true, 'when it holds'));
expectType<void>(log.log(LogLevel.Warn, 'combined', { skipFirst: true, throttle: { clock: node, periodMs: 500 } }));
expectType<Result>(log.setLevel(LogLevel.Debug));
expectType<Result>(log.setLevel(UNSET_LEVEL));

// A message that is not a string (or a function answering one) does not compile.
expectError(log.info(42));
expectError(log.info({ text: 'x' }));
expectError(log.info(() => 42));
// The throttle's clock and period come before the message, as in RCLCPP_INFO_THROTTLE.
expectError(log.infoThrottle('message first', node, 1000));
expectError(log.infoThrottle(node, '1000', 'period as a string'));
// A level is a LogLevel, not a name or an arbitrary number.
expectError(log.setLevel('debug'));
expectError(log.setLevel(15));
expectError(log.log(15, 'x'));
// The expression is a boolean, not a value to test for truthiness.
expectError(log.infoExpression('yes', 'x'));
