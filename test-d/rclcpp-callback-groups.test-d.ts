// Compile-time contract of callback groups: a group's type is one of CallbackGroupType's values;
// `callbackGroup` takes a CallbackGroup (not a type name, not a plain object) on every entity kind.
import { expectError, expectType } from 'tsd';
import {
  type CallbackGroup,
  CallbackGroupType,
  example_interfaces,
  type Node,
  type ResultOf,
  std_msgs,
} from '../src/index.js';

declare const node: Node;
expectType<ResultOf<CallbackGroup>>(node.createCallbackGroup(CallbackGroupType.Reentrant));
expectError(node.createCallbackGroup('exclusive'));
expectType<CallbackGroup>(node.getDefaultCallbackGroup());
expectType<CallbackGroupType>(node.getDefaultCallbackGroup().type);

declare const group: CallbackGroup;
const cb = () => {};
node.createSubscription(std_msgs.msg.String, 'chatter', cb, undefined, { callbackGroup: group });
node.createService(example_interfaces.srv.AddTwoInts, 'add', (r) => ({ sum: r.a + r.b }), undefined, {
  callbackGroup: group,
});
node.createClient(example_interfaces.srv.AddTwoInts, 'add', cb, { callbackGroup: group });
node.createWallTimer(100, cb, { callbackGroup: group });
node.createOneShotTimer(100, cb, { callbackGroup: group });
node.createTimer(100, cb, { callbackGroup: group });
node.createActionClient(example_interfaces.action.Fibonacci, 'fib', { callbackGroup: group });
expectError(node.createSubscription(std_msgs.msg.String, 'chatter', cb, undefined, { callbackGroup: 'reentrant' }));
expectError(node.createWallTimer(100, cb, { callbackGroup: {} }));
expectError(
  node.createClient(example_interfaces.srv.AddTwoInts, 'add', cb, { callbackGroup: CallbackGroupType.Reentrant }),
);
