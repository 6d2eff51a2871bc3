/**
 * A node's parameters, without transport: declare / get / set / list / describe, overrides
 * applied at declaration, on-set validation callbacks, and one change record per accepted
 * change (the node publishes it on /parameter_events). A refused or rejected set changes
 * nothing and records nothing.
 */

import { describeThrown, describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { ParameterDescriptor as DescriptorMsg } from '../interfaces/generated/rcl_interfaces/msg.js';
import { copyDescriptor, readDescriptor, refusal } from './descriptor.js';
import type {
  OnSetParametersCallback,
  ParameterChanges,
  ParameterUpdate,
  SetParametersResult,
} from './parameter-types.js';

export type {
  OnSetParametersCallback,
  ParameterChanges,
  ParameterUpdate,
  SetParametersResult,
} from './parameter-types.js';

import {
  coerceValue,
  copyValue,
  type Parameter,
  ParameterType,
  type ParameterValue,
  parameterTypeName,
  typeOfValue,
} from './value.js';

interface Entry {
  type: ParameterType;
  value: ParameterValue | undefined;
  readonly descriptor: DescriptorMsg;
}

const accepted: SetParametersResult = Object.freeze({ successful: true, reason: '' });
const refused = (reason: string): SetParametersResult => Object.freeze({ successful: false, reason });

export class ParameterStore {
  private readonly entries = new Map<string, Entry>();
  private readonly callbacks: OnSetParametersCallback[] = [];

  constructor(
    private readonly overrides: ReadonlyMap<string, ParameterValue>,
    private readonly record: (changes: ParameterChanges) => void,
  ) {}

  declare(name: unknown, defaultValue: unknown, descriptor?: unknown): ResultOf<Parameter> {
    if (typeof name !== 'string' || name.length === 0 || /\s/.test(name)) {
      return err(
        'InvalidArgument',
        `parameter name must be a non-empty string without spaces, got ${describeValue(name)}`,
      );
    }
    if (this.entries.has(name)) return err('AlreadyExists', `parameter '${name}' has already been declared`);
    const d = readDescriptor(name, descriptor);
    if (!d.ok) return d;
    const hint = d.value.type === ParameterType.NOT_SET ? undefined : (d.value.type as ParameterType);
    const given = typeOfValue(`default of parameter '${name}'`, defaultValue, hint);
    if (!given.ok) return given;
    const declaredType = hint ?? given.value;
    const overridden = this.overrides.has(name);
    const raw = overridden ? this.overrides.get(name) : (defaultValue as ParameterValue | undefined);
    const value = coerceValue(raw, declaredType);
    const t = typeOfValue(`${overridden ? 'override' : 'default'} of parameter '${name}'`, value, declaredType);
    if (!t.ok) return t;
    const descriptorMsg = { ...d.value, type: declaredType };
    if (t.value !== ParameterType.NOT_SET) {
      const why = refusal(name, declaredType, t.value, value, descriptorMsg);
      if (why !== undefined) return err('InvalidArgument', `declaring parameter '${name}': ${why}`);
    }
    const parameter = frozen(name, t.value, value);
    if (t.value !== ParameterType.NOT_SET) {
      const verdict = this.validate([parameter]);
      if (!verdict.successful) return err('Rejected', `declaring parameter '${name}': ${verdict.reason}`);
    }
    this.entries.set(name, { type: t.value, value: copyValue(value), descriptor: descriptorMsg });
    this.record({ added: [parameter], changed: [], deleted: [] });
    return ok(parameter);
  }

  undeclare(name: string): Result {
    const e = this.entries.get(name);
    if (e === undefined) return err('NotFound', `parameter '${name}' is not declared`);
    if (e.descriptor.read_only) return err('NotAllowed', `parameter '${name}' is read-only and cannot be undeclared`);
    this.entries.delete(name);
    this.record({ added: [], changed: [], deleted: [frozen(name, e.type, e.value)] });
    return ok();
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  get(name: string): ResultOf<Parameter> {
    const e = this.entries.get(name);
    if (e === undefined) return err('NotFound', `parameter '${name}' is not declared`);
    return ok(frozen(name, e.type, e.value));
  }

  /** Undeclared names answer a NOT_SET parameter (as the get_parameters service does). */
  getOrUnset(name: string): Parameter {
    const e = this.entries.get(name);
    return frozen(name, e?.type ?? ParameterType.NOT_SET, e?.value);
  }

  describe(name: string): ResultOf<DescriptorMsg> {
    const e = this.entries.get(name);
    if (e === undefined) return err('NotFound', `parameter '${name}' is not declared`);
    const d = copyDescriptor(e.descriptor);
    if (d.dynamic_typing) d.type = e.type;
    return ok(d);
  }

  typeOf(name: string): ParameterType {
    return this.entries.get(name)?.type ?? ParameterType.NOT_SET;
  }

  names(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** rclcpp's list_parameters: names under the prefixes, at most `depth` levels deep (0: any). */
  list(prefixes: readonly string[], depth: number): { names: string[]; prefixes: string[] } {
    const levels = (s: string): number => (s.length === 0 ? 0 : s.split('.').length - 1);
    const names = this.names().filter((n) => {
      if (prefixes.length === 0) return depth === 0 || levels(n) < depth;
      return prefixes.some((p) => {
        if (n === p) return true;
        if (!n.startsWith(`${p}.`)) return false;
        return depth === 0 || levels(n.slice(p.length + 1)) < depth;
      });
    });
    const found = new Set(names.filter((n) => n.includes('.')).map((n) => n.slice(0, n.lastIndexOf('.'))));
    return { names, prefixes: [...found].sort() };
  }

  addOnSetCallback(callback: OnSetParametersCallback): () => void {
    this.callbacks.push(callback);
    return () => {
      const i = this.callbacks.indexOf(callback);
      if (i >= 0) this.callbacks.splice(i, 1);
    };
  }

  /** Each update on its own: one result per update, as set_parameters answers. */
  setEach(updates: readonly ParameterUpdate[]): SetParametersResult[] {
    return updates.map((u) => this.setAll([u]));
  }

  /** All or none, as set_parameters_atomically answers. */
  setAll(updates: readonly ParameterUpdate[]): SetParametersResult {
    const next: Array<{ name: string; entry: Entry; type: ParameterType; value: ParameterValue | undefined }> = [];
    for (const u of updates) {
      const entry = this.entries.get(u.name);
      if (entry === undefined) return refused(`parameter '${u.name}' cannot be set because it was not declared`);
      if (entry.descriptor.read_only) return refused(`parameter '${u.name}' cannot be set because it is read-only`);
      // A statically typed parameter keeps its declared type, also while it has no value yet
      // (declared with descriptor.type and no default), as rclcpp checks against the descriptor.
      const dynamic = entry.descriptor.dynamic_typing;
      const declared = entry.descriptor.type as ParameterType;
      const value = coerceValue(u.value, dynamic ? ParameterType.NOT_SET : declared);
      const t = typeOfValue(`value of parameter '${u.name}'`, value, dynamic ? entry.type : declared);
      if (!t.ok) return refused(t.error.message);
      if (t.value === ParameterType.NOT_SET && !dynamic) {
        return refused(
          `parameter '${u.name}' cannot be unset: it is statically typed (${parameterTypeName(declared)})`,
        );
      }
      const why =
        t.value === ParameterType.NOT_SET ? undefined : refusal(u.name, declared, t.value, value, entry.descriptor);
      if (why !== undefined) return refused(why);
      next.push({ name: u.name, entry, type: t.value, value });
    }
    const verdict = this.validate(next.map((n) => frozen(n.name, n.type, n.value)));
    if (!verdict.successful) return verdict;
    const changed: Parameter[] = [];
    const deleted: Parameter[] = [];
    for (const n of next) {
      if (n.type === ParameterType.NOT_SET) {
        this.entries.delete(n.name);
        deleted.push(frozen(n.name, n.entry.type, n.entry.value));
        continue;
      }
      n.entry.type = n.type;
      n.entry.value = copyValue(n.value);
      changed.push(frozen(n.name, n.type, n.value));
    }
    if (changed.length + deleted.length > 0) this.record({ added: [], changed, deleted });
    return accepted;
  }

  private validate(parameters: readonly Parameter[]): SetParametersResult {
    for (const callback of [...this.callbacks]) {
      let verdict: unknown;
      try {
        verdict = callback(parameters);
      } catch (thrown) {
        return refused(`on-set parameters callback threw: ${describeThrown(thrown)}`);
      }
      const v = verdict as Partial<SetParametersResult> | undefined;
      if (v?.successful === true) continue;
      const reason = typeof v?.reason === 'string' && v.reason.length > 0 ? v.reason : 'rejected by an on-set callback';
      return refused(reason);
    }
    return accepted;
  }
}

function frozen(name: string, type: ParameterType, value: ParameterValue | undefined): Parameter {
  return Object.freeze({ name, type, value: copyValue(value) });
}
