// Compile-time contract of the generic entities: `{ raw: true }` hands the handler bytes, otherwise
// plain objects; a handler of the other shape does not compile; the verbs answer Results.
import { expectError, expectType } from 'tsd';
import {
  deserialize,
  type GenericMessage,
  type GenericPublisher,
  type Node,
  type ResultOf,
  type SubscriptionHandle,
  serialize,
  TypeRegistry,
} from '../src/index.js';

declare const node: Node;

expectType<ResultOf<SubscriptionHandle>>(
  node.createGenericSubscription('std_msgs/msg/String', 'chatter', (bytes: Uint8Array) => void bytes, undefined, {
    raw: true,
  }),
);
expectType<ResultOf<SubscriptionHandle>>(
  node.createGenericSubscription('std_msgs/msg/String', 'chatter', (m: GenericMessage) => void m),
);
// Bytes are not what a decoded subscription hands, nor objects what a raw one hands.
expectError(node.createGenericSubscription('std_msgs/msg/String', 'chatter', (bytes: Uint8Array) => void bytes));
expectError(
  node.createGenericSubscription('std_msgs/msg/String', 'chatter', (m: { data: number }) => void m, undefined, {
    raw: true,
  }),
);
expectType<ResultOf<GenericPublisher>>(node.createGenericPublisher('std_msgs/String', 'chatter'));
expectType<ResultOf<Uint8Array>>(serialize('std_msgs/msg/String', { data: 'x' }));
expectType<ResultOf<GenericMessage>>(deserialize('std_msgs/msg/String', new Uint8Array(8)));
expectType<ResultOf<TypeRegistry>>(TypeRegistry.load({ directories: ['./my_msgs'] }));
expectType<TypeRegistry>(TypeRegistry.bundled());
