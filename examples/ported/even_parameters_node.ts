/**
 * Port of ros2/demos demo_nodes_cpp/src/parameters/even_parameters_node.cpp
 * (`demo_nodes_cpp::EvenParameterNode`).
 *
 * The original: a component node `even_parameters_node` made with
 * `allow_undeclared_parameters(true)`; it logs how to try it (`ros2 param set
 * /even_parameters_node myint 2`) and adds an on-set-parameters callback that accepts a
 * deletion (NOT_SET) and an even integer, and rejects an odd integer (`only even integers can
 * be set`) or any other type (`only integer parameters can be set`), logging each decision.
 *
 * The port: rclts has no `allow_undeclared_parameters` (docs/divergences.md), so the node
 * declares `myint` up front, with dynamic typing so that a value of another type still reaches
 * the callback as it does upstream; integers are `bigint`. The callback is the same.
 *   npx tsx examples/ported/even_parameters_node.ts [--router ws/HOST:PORT] [--ros-args -p myint:=4]
 *   then: npx rclts param set /even_parameters_node myint 3   (refused: not even)
 */
import {
  type Executor,
  type Node,
  type NodeOptions,
  type Parameter,
  ParameterType,
  type ResultOf,
  type SetParametersResult,
} from '../../src/index.js';
import { runIfMain } from '../example-args.js';
import { runPorted, spinOnceMade } from './ported-args.js';

export class EvenParameterNode {
  private constructor(readonly node: Node) {}

  static create(executor: Executor, options: NodeOptions = {}): ResultOf<EvenParameterNode> {
    const node = executor.createNode('even_parameters_node', options);
    if (!node.ok) return node;
    const self = new EvenParameterNode(node.value);
    const logger = node.value.getLogger();
    logger.info('This example node shows a parameter callback that rejects');
    logger.info('all parameter updates except for those that set an even integer.');
    logger.info(`Try running 'ros2 param set ${node.value.getFullyQualifiedName()} myint 2' to`);
    logger.info('successfully set a parameter.');
    const declared = node.value.declareParameter('myint', 0n, { dynamicTyping: true });
    if (!declared.ok) return declared;
    const added = node.value.addOnSetParametersCallback((parameters) => self.onSet(parameters));
    return added.ok ? { ok: true, value: self } : added;
  }

  private onSet(parameters: readonly Parameter[]): SetParametersResult {
    const logger = this.node.getLogger();
    let result: SetParametersResult = { successful: true, reason: '' };
    for (const parameter of parameters) {
      if (parameter.type === ParameterType.NOT_SET) {
        logger.info(`parameter '${parameter.name}' deleted successfully`);
      } else if (parameter.type === ParameterType.INTEGER && typeof parameter.value === 'bigint') {
        if (parameter.value % 2n !== 0n) {
          logger.info(
            `Requested value '${parameter.value}' for parameter '${parameter.name}' is not an even number: rejecting change...`,
          );
          result = { successful: false, reason: 'only even integers can be set' };
        } else {
          logger.info(`parameter '${parameter.name}' has changed and is now: ${parameter.value}`);
        }
      } else {
        logger.info(
          `only integer parameters can be set\nrequested value for parameter '${parameter.name}' is not an even number, rejecting change...`,
        );
        result = { successful: false, reason: 'only integer parameters can be set' };
      }
    }
    return result;
  }
}

export function main(argv: readonly string[]): Promise<number> {
  return runPorted(argv, {}, (executor, { rosArgs }) =>
    spinOnceMade(executor, EvenParameterNode.create(executor, { arguments: rosArgs })),
  );
}

runIfMain(import.meta.url, main);
