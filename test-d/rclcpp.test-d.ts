// Compile-time contract of the rclcpp layer: handler and request types are checked, every
// wait needs a budget, and a ClientHandle of one service type is not another.
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd';
import {
  type ClientHandle,
  Executor,
  example_interfaces,
  type Future,
  type MessageInfo,
  type Node,
  type PollClient,
  type PollSubscription,
  type Publisher,
  type Result,
  type ResultOf,
  type ServiceType,
  type SpinReport,
  type SubscriptionHandle,
  std_msgs,
} from '../src/index.js';

declare const node: Node;
declare const executor: Executor;

// ---- Executor ----
expectType<Promise<ResultOf<Executor>>>(Executor.create({}));
expectType<Promise<ResultOf<SpinReport>>>(executor.spinOnce(100));
expectType<ResultOf<SpinReport>>(executor.spinSome());
// spinOnce without a budget does not compile.
expectError(executor.spinOnce());

// ---- publish / subscribe ----
expectType<ResultOf<Publisher<std_msgs.msg.String>>>(node.createPublisher(std_msgs.msg.String, 'chatter'));
declare const pub: Publisher<std_msgs.msg.String>;
expectType<Result>(pub.publish({ data: 'hi' }));
expectError(pub.publish({ data: 5 }));
expectError(pub.publish({ wrong: 'field' }));

// The handler's message type is inferred from the type support...
node.createSubscription(std_msgs.msg.String, 'chatter', (msg, info) => {
  expectType<std_msgs.msg.String>(msg);
  expectType<MessageInfo>(info);
});
expectType<ResultOf<SubscriptionHandle>>(node.createSubscription(std_msgs.msg.Int32, 'n', (m) => void m.data));
// ...and a handler of the wrong message type does not compile.
expectError(node.createSubscription(std_msgs.msg.String, 'chatter', (msg: std_msgs.msg.Int32) => void msg));
expectError(node.createSubscription(std_msgs.msg.Int32, 'n', (msg: { data: string }) => void msg));

expectType<ResultOf<PollSubscription<std_msgs.msg.Int32>>>(node.createPollSubscription(std_msgs.msg.Int32, 'n'));
declare const poll: PollSubscription<std_msgs.msg.Int32>;
expectType<ResultOf<std_msgs.msg.Int32>>(poll.take());
expectError(poll.takeWithin());

// ---- services and clients ----
node.createService(example_interfaces.srv.AddTwoInts, 'add', (req) => {
  expectType<example_interfaces.srv.AddTwoInts_Request>(req);
  return { sum: req.a + req.b };
});
node.createService(example_interfaces.srv.AddTwoInts, 'add', async (req) => ({ sum: req.a + req.b }));
// A handler answering the wrong shape does not compile.
expectError(node.createService(example_interfaces.srv.AddTwoInts, 'add', () => ({ total: 1n })));

const created = node.createClient(example_interfaces.srv.AddTwoInts, 'add', (response, seq) => {
  expectType<ResultOf<example_interfaces.srv.AddTwoInts_Response>>(response);
  expectType<bigint>(seq);
});
expectType<
  ResultOf<ClientHandle<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response>>
>(created);
declare const client: ClientHandle<
  example_interfaces.srv.AddTwoInts_Request,
  example_interfaces.srv.AddTwoInts_Response
>;
expectType<ResultOf<bigint>>(client.asyncSendRequest({ a: 1n, b: 2n }));
expectType<ResultOf<boolean>>(client.serviceIsReady());
expectType<Promise<Result>>(client.waitForService(1000));
// A request of the wrong shape does not compile.
expectError(client.asyncSendRequest({ a: 1, b: 2 }));
expectError(client.asyncSendRequest({ a: 1n }));
expectError(client.asyncSendRequest({ data: 'x' }));
// waitForService without a budget does not compile.
expectError(client.waitForService());

// ClientHandle is invariant: not usable as a handle of another service type, even one whose
// request is a supertype or subtype of this one.
interface OneInt {
  readonly a: bigint;
}
declare const wider: ClientHandle<OneInt, example_interfaces.srv.AddTwoInts_Response>;
expectNotAssignable<
  ClientHandle<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response>
>(wider);
expectNotAssignable<ClientHandle<OneInt, example_interfaces.srv.AddTwoInts_Response>>(client);
expectNotAssignable<ClientHandle<std_msgs.msg.String, std_msgs.msg.String>>(client);
expectNotAssignable<
  ClientHandle<example_interfaces.srv.AddTwoInts_Request, { readonly sum: bigint; readonly extra: 1 }>
>(client);
expectAssignable<ClientHandle<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response>>(
  client,
);

declare const pollClient: PollClient<
  example_interfaces.srv.AddTwoInts_Request,
  example_interfaces.srv.AddTwoInts_Response
>;
expectType<ResultOf<Future<example_interfaces.srv.AddTwoInts_Response>>>(pollClient.sendRequest({ a: 1n, b: 2n }));
expectType<Promise<ResultOf<example_interfaces.srv.AddTwoInts_Response>>>(pollClient.call({ a: 1n, b: 2n }, 1000));
expectError(pollClient.call({ a: 1n, b: 2n }));
expectError(pollClient.waitForService());
declare const future: Future<example_interfaces.srv.AddTwoInts_Response>;
expectError(future.wait());

// Service types carry both message types.
expectAssignable<ServiceType<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response>>(
  example_interfaces.srv.AddTwoInts,
);
