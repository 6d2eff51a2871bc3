// Compile-time contract of parameters and lifecycle nodes: values are the parameter value
// types only, results are values, callbacks answer the right shapes, a lifecycle publisher
// takes only its message type.
import { expectAssignable, expectError, expectType } from 'tsd';
import {
  CallbackReturn,
  type Executor,
  type LifecycleState,
  LifecycleNode,
  type Node,
  type Parameter,
  type Result,
  type ResultOf,
  type SetParametersResult,
  std_msgs,
} from '../src/index.js';

declare const node: Node;
declare const executor: Executor;

expectType<ResultOf<Parameter>>(node.declareParameter('rate', 10n));
node.declareParameter('gains', [0.5, 1.5], { floatingPointRange: { from: 0, to: 2 } });
node.declareParameter('names', ['a'], { readOnly: true, description: 'who' });
expectError(node.declareParameter('bad', { nested: 1 }));
expectError(node.declareParameter('bad', [1n, 'mixed'] as const satisfies readonly unknown[]));
expectError(node.declareParameter('rate', 1n, { integerRange: { from: 0, to: 10 } }));
expectType<Result>(node.setParameter('rate', 20n));
expectType<readonly SetParametersResult[]>(node.setParameters([{ name: 'rate', value: 1n }]));
expectError(node.setParameters([{ name: 'rate', value: null }]));
node.addOnSetParametersCallback((ps) => ({ successful: ps.length > 0, reason: '' }));
expectError(node.addOnSetParametersCallback(() => true));

const lc = LifecycleNode.create(executor, 'lc', {
  callbacks: { onConfigure: () => CallbackReturn.SUCCESS, onActivate: async () => CallbackReturn.FAILURE },
});
expectError(LifecycleNode.create(executor, 'lc', { callbacks: { onConfigure: () => 'fine' } }));
if (lc.ok) {
  expectAssignable<Promise<ResultOf<LifecycleState>>>(lc.value.configure());
  const pub = lc.value.createPublisher(std_msgs.msg.String, 'chatter');
  if (pub.ok) {
    expectType<Result>(pub.value.publish({ data: 'hi' }));
    expectError(pub.value.publish({ data: 1 }));
  }
}
