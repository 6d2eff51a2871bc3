/**
 * Types by name with their parsed definitions (for turning typed-in values into messages and
 * messages into text), on the library's TypeRegistry: the bundled packages and the packages
 * given with `--interfaces`, parsed when the command starts.
 */

import { readFileSync } from 'node:fs';
import {
  type ActionType,
  err,
  type InterfaceDef,
  ok,
  type ResultOf,
  type StructDef,
  TypeRegistry as RuntimeTypes,
} from '../../index.js';
import type { MessageClass, ServiceClass } from '../../rclcpp/interfaces/runtime/index.js';

type AnyMessage = Record<string, unknown>;
const HINT = '(see rclts interface list; a package of your own: --interfaces <dir>)';

export class TypeRegistry {
  private constructor(readonly types: RuntimeTypes) {}

  get interfaces(): readonly InterfaceDef[] {
    return this.types.interfaces;
  }

  /** The bundled packages, and the package folders of `extra` (or folders of them). */
  static load(extra: readonly string[] = []): ResultOf<TypeRegistry> {
    const types = RuntimeTypes.load({ directories: extra });
    return types.ok ? ok(new TypeRegistry(types.value)) : types;
  }

  private struct(typeName: string): StructDef | undefined {
    const s = this.types.definition(typeName);
    return s.ok ? s.value : undefined;
  }

  /** `pkg/msg/Name` (or `pkg/Name`) to its message type and definition. */
  message(typeName: string): ResultOf<{ type: MessageClass<AnyMessage>; struct: StructDef }> {
    const type = this.types.message(typeName);
    const struct = type.ok ? this.struct(type.value.typeName) : undefined;
    if (!type.ok || struct === undefined) return err('NotFound', `unknown message type '${typeName}' ${HINT}`);
    return ok({ type: type.value, struct });
  }

  /** An action type (`pkg/action/Name`) with the definitions of its goal, feedback and result. */
  action(typeName: string): ResultOf<{
    type: ActionType<AnyMessage, AnyMessage, AnyMessage>;
    goal: StructDef;
    feedback: StructDef;
    result: StructDef;
  }> {
    const type = this.types.action(typeName);
    const full = type.ok ? type.value.typeName : '';
    const goal = this.struct(`${full}_Goal`);
    const feedback = this.struct(`${full}_Feedback`);
    const result = this.struct(`${full}_Result`);
    if (!type.ok || goal === undefined || feedback === undefined || result === undefined) {
      return err('NotFound', `unknown action type '${typeName}' ${HINT}`);
    }
    return ok({ type: type.value, goal, feedback, result });
  }

  service(
    typeName: string,
  ): ResultOf<{ type: ServiceClass<AnyMessage, AnyMessage, AnyMessage>; request: StructDef; response: StructDef }> {
    const type = this.types.service(typeName);
    const full = type.ok ? type.value.typeName : '';
    const request = this.struct(`${full}_Request`);
    const response = this.struct(`${full}_Response`);
    if (!type.ok || request === undefined || response === undefined) {
      return err('NotFound', `unknown service type '${typeName}' ${HINT}`);
    }
    return ok({ type: type.value, request, response });
  }

  /** The definition text as written in its file. */
  source(typeName: string): ResultOf<string> {
    const parts = typeName.split('/');
    const full = parts.length === 2 ? `${parts[0]}/msg/${parts[1]}` : typeName;
    const def = this.interfaces.find((d) => d.typeName === full);
    if (def === undefined) return err('NotFound', `unknown interface '${typeName}' (see rclts interface list)`);
    try {
      return ok(readFileSync(def.file, 'utf8'));
    } catch {
      return err('NotFound', `cannot read ${def.file}`);
    }
  }
}
