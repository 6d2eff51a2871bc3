// Type holes that once compiled and must not: each is refused by the compiler.
import { expectAssignable, expectError, expectType } from 'tsd';
import {
  type ClientHandle,
  type ClientOptions,
  type EntityHandle,
  type ExecutorOptions,
  example_interfaces,
  type MessageType,
  type Node,
  type NodeOptions,
  type ResultOf,
  type ServiceType,
  type SubscriptionHandler,
  std_msgs,
  type Timer,
} from '../src/index.js';

declare const node: Node;

// A service handler may not answer undefined or null: the response type comes from the type.
expectError(node.createService(example_interfaces.srv.AddTwoInts, 'add', () => undefined));
expectError(node.createService(example_interfaces.srv.AddTwoInts, 'add', () => null));
expectError(node.createService(example_interfaces.srv.AddTwoInts, 'add', async () => undefined));
node.createService(example_interfaces.srv.AddTwoInts, 'add', (req) => ({ sum: req.a + req.b }));

// Message and service types are invariant: a type of A is not a type of A | B, nor of a wider shape.
expectError(node.createPublisher<std_msgs.msg.String | std_msgs.msg.Int32>(std_msgs.msg.String, 'chatter'));
expectError(
  node.createClient<{ a: bigint }, example_interfaces.srv.AddTwoInts_Response>(
    example_interfaces.srv.AddTwoInts,
    'add',
    () => {},
  ),
);
expectError(
  node.createSubscription<std_msgs.msg.String | std_msgs.msg.Int32>(std_msgs.msg.String, 'chatter', () => {}),
);
declare const stringType: MessageType<std_msgs.msg.String>;
declare const addTwoInts: ServiceType<
  example_interfaces.srv.AddTwoInts_Request,
  example_interfaces.srv.AddTwoInts_Response
>;
expectError<MessageType<std_msgs.msg.String | std_msgs.msg.Int32>>(stringType);
expectError<ServiceType<{ a: bigint }, example_interfaces.srv.AddTwoInts_Response>>(addTwoInts);
expectAssignable<MessageType<std_msgs.msg.Int32>>(std_msgs.msg.Int32);

// A spread copy of a handle has no verbs at run time, and does not type-check as a handle.
declare const client: ClientHandle<
  example_interfaces.srv.AddTwoInts_Request,
  example_interfaces.srv.AddTwoInts_Response
>;
declare const timer: Timer;
expectError<ClientHandle<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response>>({
  ...client,
});
expectError<EntityHandle>({ ...client });
expectError<Timer>({ ...timer });
expectError(node.isValid({ ...timer }));
expectAssignable<EntityHandle>(client);

// Handlers may be async; the types say so.
node.createSubscription(std_msgs.msg.String, 'chatter', async (msg) => void msg.data);
node.createClient(example_interfaces.srv.AddTwoInts, 'add', async (response) => void response);
node.createWallTimer(100, async () => {});
node.createGuardCondition(async () => {});
declare const handler: SubscriptionHandler<std_msgs.msg.String>;
expectType<void | Promise<void>>(handler({ data: 'x' }, undefined as never));
// ...and a handler returning something else than a promise is still a plain (sync) handler.
const received: std_msgs.msg.String[] = [];
node.createSubscription(std_msgs.msg.String, 'chatter', (msg) => received.push(msg));

// Under exactOptionalPropertyTypes every option accepts undefined (meaning: the default).
declare const maybeBudget: number | undefined;
declare const maybeNamespace: string | undefined;
expectAssignable<ClientOptions>({ requestBudgetMs: maybeBudget, maxRequestsInFlight: undefined, qos: undefined });
expectAssignable<ExecutorOptions>({ router: undefined, capacity: undefined, connectBudgetMs: maybeBudget });
// A router is one locator or a failover list; tls takes the CA file of a wss/ router.
expectAssignable<ExecutorOptions>({ router: ['ws/10.0.0.1:10000', 'ws/10.0.0.2:10000'], tls: { caFile: 'ca.pem' } });
expectAssignable<ExecutorOptions>({ router: 'wss/router.lan:10443', tls: { caFile: undefined } });
expectError<ExecutorOptions>({ router: [10000] });
expectError<ExecutorOptions>({ tls: { ca: 'pem text' } });
expectAssignable<NodeOptions>({ namespace: maybeNamespace, naming: undefined });
expectType<
  ResultOf<ClientHandle<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response>>
>(node.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {}, { requestBudgetMs: maybeBudget }));
