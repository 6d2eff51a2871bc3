/**
 * The bundled types by name, with their parsed definitions (for turning typed-in values into
 * messages and messages into text). The definitions are parsed from `interfaces/` when the
 * command starts.
 */

import { readFileSync } from 'node:fs';
import { err, ok, type ResultOf } from '../../result.js';
import { parseAll, structTable } from '../interfaces/compiler/compile.js';
import type { DefinitionError, InterfaceDef, StructDef } from '../interfaces/compiler/definition.js';
import * as generated from '../interfaces/generated/index.js';
import { bundledInterfacesDir, readInterfaceDirs } from '../interfaces/generate.js';
import type { MessageClass, ServiceClass } from '../interfaces/runtime/index.js';

type AnyMessage = Record<string, unknown>;
type Section = Record<string, unknown>;
const packages = generated as unknown as Record<string, Record<string, Section>>;

export class TypeRegistry {
  private constructor(
    readonly interfaces: readonly InterfaceDef[],
    readonly structs: ReadonlyMap<string, StructDef>,
  ) {}

  static load(): ResultOf<TypeRegistry> {
    const dir = bundledInterfacesDir();
    if (dir === undefined) return err('NotFound', 'the bundled interface definitions (interfaces/) are not installed');
    const files = readInterfaceDirs([dir]);
    if (!files.ok) return files;
    const errors: DefinitionError[] = [];
    const defs = parseAll(files.value, errors);
    const table = structTable(defs, errors);
    if (errors.length > 0) return err('Error', `bundled definitions do not parse: ${errors[0]!.message}`);
    return ok(new TypeRegistry(defs, table));
  }

  private value(typeName: string): unknown {
    const [pkg = '', kind = '', name = ''] = typeName.split('/');
    return packages[pkg]?.[kind]?.[name];
  }

  /** `pkg/msg/Name` (or `pkg/Name`) to its message type and definition. */
  message(typeName: string): ResultOf<{ type: MessageClass<AnyMessage>; struct: StructDef }> {
    const full = typeName.split('/').length === 2 ? typeName.replace('/', '/msg/') : typeName;
    const struct = this.structs.get(full);
    const type = this.value(full);
    if (struct === undefined || type === undefined) {
      return err(
        'NotFound',
        `unknown message type '${typeName}' (the bundled packages have it not; see rclts interface list)`,
      );
    }
    return ok({ type: type as MessageClass<AnyMessage>, struct });
  }

  service(
    typeName: string,
  ): ResultOf<{ type: ServiceClass<AnyMessage, AnyMessage>; request: StructDef; response: StructDef }> {
    const full = typeName.split('/').length === 2 ? typeName.replace('/', '/srv/') : typeName;
    const type = this.value(full);
    const request = this.structs.get(`${full}_Request`);
    const response = this.structs.get(`${full}_Response`);
    if (type === undefined || request === undefined || response === undefined) {
      return err('NotFound', `unknown service type '${typeName}' (see rclts interface list)`);
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
