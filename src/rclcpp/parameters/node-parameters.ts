/**
 * What a Node delegates its parameter verbs to: the store, plus the services and events
 * publisher, started with the node as rclcpp starts them (each can be turned off in the
 * node's options). Once the node is destroyed every verb that would change a parameter is
 * refused with NotInitialized and nothing changes: no events publisher is left to report it.
 */

import { type Err, err, ok, type Result, type ResultOf } from '../../result.js';
import type { Node } from '../api.js';
import type { ParameterDescriptor as DescriptorMsg } from '../interfaces/generated/rcl_interfaces/msg.js';
import { checkFunction } from '../type-check.js';
import type { ParameterDescriptorOptions } from './descriptor.js';
import { type ParameterParts, ParameterServices } from './parameter-services.js';
import type { ParametersApi } from './parameters-api.js';
import type { ParameterChanges } from './parameter-types.js';
import {
  type OnSetParametersCallback,
  ParameterStore,
  type ParameterUpdate,
  type SetParametersResult,
} from './store.js';
import type { Parameter, ParameterValue } from './value.js';

/** A whole-number `number` default with no declared type: a double the porter may have meant as an integer. */
function isWholeDouble(value: unknown, descriptor: unknown): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  try {
    return (
      typeof descriptor !== 'object' || descriptor === null || (descriptor as { type?: unknown }).type === undefined
    );
  } catch {
    return false;
  }
}

export class NodeParameters implements ParametersApi {
  private readonly store: ParameterStore;
  private services: ParameterServices | undefined;
  private destroyed = false;
  /** Told of every accepted change after it is made (the TimeSource reads use_sim_time from it). */
  private readonly changeListeners = new Set<(changes: ParameterChanges) => void>();

  constructor(
    private readonly node: Node,
    overrides: ReadonlyMap<string, ParameterValue>,
    private readonly parts: ParameterParts,
  ) {
    this.store = new ParameterStore(overrides, (changes) => {
      this.services?.publish(changes);
      for (const listener of this.changeListeners) listener(changes);
    });
  }

  /** As rclcpp's post-set-parameters callbacks: runs after a change was accepted; the returned function removes it. */
  addPostSetListener(listener: (changes: ParameterChanges) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  /** Declares the services and the events publisher the options asked for. */
  start(): Result {
    if (this.services !== undefined || (!this.parts.services && !this.parts.events)) return ok();
    const s = ParameterServices.start(this.node, this.store, this.parts);
    if (!s.ok) return s;
    this.services = s.value;
    return ok();
  }

  declareParameter(
    name: string,
    defaultValue?: ParameterValue,
    descriptor?: ParameterDescriptorOptions,
  ): ResultOf<Parameter> {
    const gone = this.refusal(`declare parameter '${name}'`);
    if (gone !== undefined) return gone;
    const declared = this.store.declare(name, defaultValue, descriptor);
    if (declared.ok && isWholeDouble(defaultValue, descriptor)) {
      // rclcpp infers INTEGER from an int default; a JS number cannot say which was meant.
      this.node
        .getLogger()
        .warn(
          `parameter '${name}' is declared as a double from the whole number ${defaultValue}: write ${defaultValue}n ` +
            'for an integer parameter (as rclcpp infers from an int), or give descriptor.type DOUBLE to keep a double quietly',
        );
    }
    return declared;
  }
  undeclareParameter(name: string): Result {
    return this.refusal(`undeclare parameter '${name}'`) ?? this.store.undeclare(name);
  }
  hasParameter(name: string): boolean {
    return this.store.has(name);
  }
  getParameter(name: string): ResultOf<Parameter> {
    return this.store.get(name);
  }
  getParameters(names: readonly string[]): ResultOf<readonly Parameter[]> {
    const out: Parameter[] = [];
    for (const n of names) {
      const p = this.store.get(n);
      if (!p.ok) return p;
      out.push(p.value);
    }
    return ok(out);
  }
  setParameter(name: string, value: ParameterValue | undefined): Result {
    const gone = this.refusal(`set parameter '${name}'`);
    if (gone !== undefined) return gone;
    const r = this.store.setAll([{ name, value }]);
    return r.successful ? ok() : err('Rejected', `setting parameter '${name}' was refused: ${r.reason}`);
  }
  setParameters(updates: readonly ParameterUpdate[]): readonly SetParametersResult[] {
    const gone = this.refusal('set parameters');
    if (gone !== undefined) return updates.map(() => ({ successful: false, reason: gone.error.message }));
    return this.store.setEach(updates);
  }
  setParametersAtomically(updates: readonly ParameterUpdate[]): SetParametersResult {
    const gone = this.refusal('set parameters');
    return gone === undefined ? this.store.setAll(updates) : { successful: false, reason: gone.error.message };
  }
  listParameters(prefixes: readonly string[] = [], depth = 0): { names: string[]; prefixes: string[] } {
    return this.store.list(prefixes, depth);
  }
  describeParameter(name: string): ResultOf<DescriptorMsg> {
    return this.store.describe(name);
  }
  addOnSetParametersCallback(callback: OnSetParametersCallback): ResultOf<() => void> {
    const c = checkFunction('callback', callback);
    if (!c.ok) return c;
    return this.refusal('add an on-set-parameters callback') ?? ok(this.store.addOnSetCallback(callback));
  }

  /** The node was destroyed: its services go, and no parameter changes from now on. */
  stop(): void {
    this.destroyed = true;
    this.services?.stop();
    this.services = undefined;
  }

  private refusal(what: string): Err | undefined {
    if (!this.destroyed) return undefined;
    return err('NotInitialized', `node '${this.node.getFullyQualifiedName()}' was destroyed; cannot ${what}`);
  }
}
