/**
 * Types by name, with their parsed definitions (for turning typed-in values into messages and
 * messages into text): the bundled packages (their generated code) and the packages given with
 * `--interfaces` (types made at run time from their definitions). The definitions are parsed
 * when the command starts.
 */

import { readFileSync } from 'node:fs';
import { type ActionType, err, ok, type ResultOf } from '../../index.js';
import {
  bundledInterfacesDir,
  type DefinitionError,
  type InterfaceDef,
  parseAll,
  readInterfaceDirs,
  type StructDef,
  structTable,
  typeHash,
} from '../../interface-compiler/index.js';
import { DynamicTypes } from './dynamic-type.js';
import * as generated from '../../rclcpp/interfaces/generated/index.js';
import type { MessageClass, ServiceClass } from '../../rclcpp/interfaces/runtime/index.js';

type AnyMessage = Record<string, unknown>;
type Section = Record<string, unknown>;
const packages = generated as unknown as Record<string, Record<string, Section>>;

export class TypeRegistry {
  private readonly dynamic: DynamicTypes;

  private constructor(
    readonly interfaces: readonly InterfaceDef[],
    readonly structs: ReadonlyMap<string, StructDef>,
  ) {
    this.dynamic = new DynamicTypes(structs, (name) => typeHash(structs.get(name)!, structs));
  }

  /** The bundled packages, and the package folders of `extra` (or folders of them). */
  static load(extra: readonly string[] = []): ResultOf<TypeRegistry> {
    const dir = bundledInterfacesDir();
    if (dir === undefined) return err('NotFound', 'the bundled interface definitions (interfaces/) are not installed');
    const files = readInterfaceDirs([dir, ...extra]);
    if (!files.ok) return files;
    const errors: DefinitionError[] = [];
    const defs = parseAll(files.value, errors);
    const table = structTable(defs, errors);
    if (errors.length > 0) {
      return err('InvalidArgument', errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n'));
    }
    return ok(new TypeRegistry(defs, table));
  }

  /** The generated value of a bundled type, else one made from its definition. */
  private value(typeName: string, kind: 'msg' | 'srv'): unknown {
    const [pkg = '', section = '', name = ''] = typeName.split('/');
    const generated = packages[pkg]?.[section]?.[name];
    if (generated !== undefined) return generated;
    const struct = this.structs.get(typeName);
    if (struct === undefined || (kind === 'msg') === (struct.description === true)) return undefined;
    if (kind === 'srv' && !this.structs.has(`${typeName}_Request`)) return undefined;
    return kind === 'msg' ? this.dynamic.message(typeName) : this.dynamic.service(typeName);
  }

  /** `pkg/msg/Name` (or `pkg/Name`) to its message type and definition. */
  message(typeName: string): ResultOf<{ type: MessageClass<AnyMessage>; struct: StructDef }> {
    const full = typeName.split('/').length === 2 ? typeName.replace('/', '/msg/') : typeName;
    const struct = this.structs.get(full);
    const type = this.value(full, 'msg');
    if (struct === undefined || type === undefined) {
      return err(
        'NotFound',
        `unknown message type '${typeName}' (see rclts interface list; a package of your own: --interfaces <dir>)`,
      );
    }
    return ok({ type: type as MessageClass<AnyMessage>, struct });
  }

  /**
   * An action type (`pkg/action/Name`) with the definitions of its goal, feedback and result: the
   * generated one of a bundled package, else one made from the definition given with --interfaces.
   */
  action(typeName: string): ResultOf<{
    type: ActionType<AnyMessage, AnyMessage, AnyMessage>;
    goal: StructDef;
    feedback: StructDef;
    result: StructDef;
  }> {
    const full = typeName.split('/').length === 2 ? typeName.replace('/', '/action/') : typeName;
    const [pkg = '', section = '', name = ''] = full.split('/');
    const action = this.structs.get(full);
    const type =
      section !== 'action'
        ? undefined
        : (packages[pkg]?.action?.[name] ?? (action?.description === true ? this.dynamic.action(full) : undefined));
    const goal = this.structs.get(`${full}_Goal`);
    const feedback = this.structs.get(`${full}_Feedback`);
    const result = this.structs.get(`${full}_Result`);
    if (type === undefined || goal === undefined || feedback === undefined || result === undefined) {
      return err(
        'NotFound',
        `unknown action type '${typeName}' (see rclts interface list; a package of your own: --interfaces <dir>)`,
      );
    }
    return ok({ type: type as unknown as ActionType<AnyMessage, AnyMessage, AnyMessage>, goal, feedback, result });
  }

  service(
    typeName: string,
  ): ResultOf<{ type: ServiceClass<AnyMessage, AnyMessage>; request: StructDef; response: StructDef }> {
    const full = typeName.split('/').length === 2 ? typeName.replace('/', '/srv/') : typeName;
    const type = this.value(full, 'srv');
    const request = this.structs.get(`${full}_Request`);
    const response = this.structs.get(`${full}_Response`);
    if (type === undefined || request === undefined || response === undefined) {
      return err(
        'NotFound',
        `unknown service type '${typeName}' (see rclts interface list; a package of your own: --interfaces <dir>)`,
      );
    }
    return ok({ type: type as ServiceClass<AnyMessage, AnyMessage>, request, response });
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
