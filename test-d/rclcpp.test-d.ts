// Compile-time contract of the rclcpp layer: handler and request types are checked, every
// wait needs a budget, and a ClientHandle of one service type is not another.
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd';
import {
  type AddTwoIntsRequest,
  type AddTwoIntsResponse,
  AddTwoIntsType,
  type ClientHandle,
  Executor,
  type Future,
  type Int32Message,
  Int32Type,
  type MessageInfo,
  type Node,
  type PollClient,
  type PollSubscription,
  type Publisher,
  type Result,
  type ResultOf,
  type ServiceType,
  type SpinReport,
  type StringMessage,
  StringType,
  type SubscriptionHandle,
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
expectType<ResultOf<Publisher<StringMessage>>>(node.createPublisher(StringType, 'chatter'));
declare const pub: Publisher<StringMessage>;
expectType<Result>(pub.publish({ data: 'hi' }));
expectError(pub.publish({ data: 5 }));
expectError(pub.publish({ wrong: 'field' }));

// The handler's message type is inferred from the type support...
node.createSubscription(StringType, 'chatter', (msg, info) => {
  expectType<StringMessage>(msg);
  expectType<MessageInfo>(info);
});
expectType<ResultOf<SubscriptionHandle>>(node.createSubscription(Int32Type, 'n', (m) => void m.data));
// ...and a handler of the wrong message type does not compile.
expectError(node.createSubscription(StringType, 'chatter', (msg: Int32Message) => void msg));
expectError(node.createSubscription(Int32Type, 'n', (msg: { data: string }) => void msg));

expectType<ResultOf<PollSubscription<Int32Message>>>(node.createPollSubscription(Int32Type, 'n'));
declare const poll: PollSubscription<Int32Message>;
expectType<ResultOf<Int32Message>>(poll.take());
expectError(poll.takeWithin());

// ---- services and clients ----
node.createService(AddTwoIntsType, 'add', (req) => {
  expectType<AddTwoIntsRequest>(req);
  return { sum: req.a + req.b };
});
node.createService(AddTwoIntsType, 'add', async (req) => ({ sum: req.a + req.b }));
// A handler answering the wrong shape does not compile.
expectError(node.createService(AddTwoIntsType, 'add', () => ({ total: 1n })));

const created = node.createClient(AddTwoIntsType, 'add', (response, seq) => {
  expectType<ResultOf<AddTwoIntsResponse>>(response);
  expectType<bigint>(seq);
});
expectType<ResultOf<ClientHandle<AddTwoIntsRequest, AddTwoIntsResponse>>>(created);
declare const client: ClientHandle<AddTwoIntsRequest, AddTwoIntsResponse>;
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
declare const wider: ClientHandle<OneInt, AddTwoIntsResponse>;
expectNotAssignable<ClientHandle<AddTwoIntsRequest, AddTwoIntsResponse>>(wider);
expectNotAssignable<ClientHandle<OneInt, AddTwoIntsResponse>>(client);
expectNotAssignable<ClientHandle<StringMessage, StringMessage>>(client);
expectNotAssignable<ClientHandle<AddTwoIntsRequest, { readonly sum: bigint; readonly extra: 1 }>>(client);
expectAssignable<ClientHandle<AddTwoIntsRequest, AddTwoIntsResponse>>(client);

declare const pollClient: PollClient<AddTwoIntsRequest, AddTwoIntsResponse>;
expectType<ResultOf<Future<AddTwoIntsResponse>>>(pollClient.sendRequest({ a: 1n, b: 2n }));
expectType<Promise<ResultOf<AddTwoIntsResponse>>>(pollClient.call({ a: 1n, b: 2n }, 1000));
expectError(pollClient.call({ a: 1n, b: 2n }));
expectError(pollClient.waitForService());
declare const future: Future<AddTwoIntsResponse>;
expectError(future.wait());

// Service types carry both message types.
expectAssignable<ServiceType<AddTwoIntsRequest, AddTwoIntsResponse>>(AddTwoIntsType);
