// Type holes that once compiled and must not: each is refused by the compiler.
import { expectAssignable, expectError, expectType } from 'tsd';
import {
  type AddTwoIntsRequest,
  type AddTwoIntsResponse,
  AddTwoIntsType,
  type ClientHandle,
  type ClientOptions,
  type EntityHandle,
  type ExecutorOptions,
  type Int32Message,
  Int32Type,
  type MessageType,
  type Node,
  type NodeOptions,
  type ResultOf,
  type ServiceType,
  type StringMessage,
  StringType,
  type SubscriptionHandler,
  type Timer,
} from '../src/index.js';

declare const node: Node;

// A service handler may not answer undefined or null: the response type comes from the type.
expectError(node.createService(AddTwoIntsType, 'add', () => undefined));
expectError(node.createService(AddTwoIntsType, 'add', () => null));
expectError(node.createService(AddTwoIntsType, 'add', async () => undefined));
node.createService(AddTwoIntsType, 'add', (req) => ({ sum: req.a + req.b }));

// Message and service types are invariant: a type of A is not a type of A | B, nor of a wider shape.
expectError(node.createPublisher<StringMessage | Int32Message>(StringType, 'chatter'));
expectError(node.createClient<{ a: bigint }, AddTwoIntsResponse>(AddTwoIntsType, 'add', () => {}));
expectError(node.createSubscription<StringMessage | Int32Message>(StringType, 'chatter', () => {}));
declare const stringType: MessageType<StringMessage>;
declare const addTwoInts: ServiceType<AddTwoIntsRequest, AddTwoIntsResponse>;
expectError<MessageType<StringMessage | Int32Message>>(stringType);
expectError<ServiceType<{ a: bigint }, AddTwoIntsResponse>>(addTwoInts);
expectAssignable<MessageType<Int32Message>>(Int32Type);

// A spread copy of a handle has no verbs at run time, and does not type-check as a handle.
declare const client: ClientHandle<AddTwoIntsRequest, AddTwoIntsResponse>;
declare const timer: Timer;
expectError<ClientHandle<AddTwoIntsRequest, AddTwoIntsResponse>>({ ...client });
expectError<EntityHandle>({ ...client });
expectError<Timer>({ ...timer });
expectError(node.isValid({ ...timer }));
expectAssignable<EntityHandle>(client);

// Handlers may be async; the types say so.
node.createSubscription(StringType, 'chatter', async (msg) => void msg.data);
node.createClient(AddTwoIntsType, 'add', async (response) => void response);
node.createWallTimer(100, async () => {});
node.createGuardCondition(async () => {});
declare const handler: SubscriptionHandler<StringMessage>;
expectType<void | Promise<void>>(handler({ data: 'x' }, undefined as never));
// ...and a handler returning something else than a promise is still a plain (sync) handler.
const received: StringMessage[] = [];
node.createSubscription(StringType, 'chatter', (msg) => received.push(msg));

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
expectType<ResultOf<ClientHandle<AddTwoIntsRequest, AddTwoIntsResponse>>>(
  node.createClient(AddTwoIntsType, 'add', () => {}, { requestBudgetMs: maybeBudget }),
);
