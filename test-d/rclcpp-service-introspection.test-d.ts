// Compile-time contract of service introspection: services and clients take (clock, qos,
// state) with the state one of ServiceIntrospectionState's values; every argument is required.
import { expectError, expectType } from 'tsd';
import {
  type ClientHandle,
  example_interfaces,
  type Node,
  QoS,
  type Result,
  type ServiceHandle,
  ServiceIntrospectionState,
} from '../src/index.js';

declare const node: Node;
declare const service: ServiceHandle;
declare const client: ClientHandle<
  example_interfaces.srv.AddTwoInts_Request,
  example_interfaces.srv.AddTwoInts_Response
>;
expectType<Result>(service.configureIntrospection(node.getClock(), QoS.default(), ServiceIntrospectionState.Contents));
expectType<Result>(client.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Metadata));
expectType<0 | 1 | 2>(ServiceIntrospectionState.Off as ServiceIntrospectionState);
expectError(service.configureIntrospection(node.getClock(), QoS.default(), 3));
expectError(service.configureIntrospection(node.getClock(), QoS.default(), 'contents'));
expectError(service.configureIntrospection(node.getClock(), QoS.default()));
expectError(client.configureIntrospection(QoS.default(), ServiceIntrospectionState.Off));
const made = node.createService(example_interfaces.srv.AddTwoInts, 'add', (q) => ({ sum: q.a + q.b }));
if (made.ok) expectType<ServiceHandle>(made.value);
