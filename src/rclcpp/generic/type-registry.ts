/**
 * Types by name at run time: every bundled package's generated type, and the types of a
 * user's `.msg` / `.srv` / `.action` folders made from their definitions (with their RIHS01
 * hash computed as rosidl does). `TypeRegistry.bundled()` needs no file; `TypeRegistry.load()`
 * reads definition files and so is Node only (a page is answered Unsupported).
 */

import { describeValue, err, ok, type ResultOf } from '../../result.js';
import type { ActionType } from '../action/action-types.js';
import {
  type DefinitionError,
  hashedDescription,
  type InterfaceDef,
  parseAll,
  readInterfaceDirsIn,
  type StructDef,
  structTable,
} from '../interfaces/definitions/index.js';
import * as generated from '../interfaces/generated/index.js';
import type { MessageClass, ServiceClass } from '../interfaces/runtime/index.js';
import { DynamicTypes } from './dynamic-type.js';
import { hostFiles } from './host-files.js';

/** A message of a type known only by name: a plain object (rclcpp's deserialized form). */
export type GenericMessage = Record<string, unknown>;
export type GenericMessageType = MessageClass<GenericMessage>;
export type GenericServiceType = ServiceClass<GenericMessage, GenericMessage, GenericMessage>;
export type GenericActionType = ActionType<GenericMessage, GenericMessage, GenericMessage>;

export interface TypeRegistryOptions {
  /** Package folders (or folders of package folders) with `msg/`, `srv/`, `action/` files. */
  readonly directories?: readonly string[] | undefined;
}

type Kind = 'msg' | 'srv' | 'action';
const packages = generated as unknown as Record<string, Record<string, Record<string, unknown> | undefined>>;
const KIND_NAME = { msg: 'message', srv: 'service', action: 'action' } as const;

/** `pkg/Name` to `pkg/<kind>/Name`; a full name as it is; a name that is no string answers InvalidArgument. */
function fullName(typeName: unknown, kind: Kind): ResultOf<string> {
  if (typeof typeName !== 'string' || typeName.length === 0) {
    return err(
      'InvalidArgument',
      `a ${KIND_NAME[kind]} type name must be a non-empty string, got ${describeValue(typeName)}`,
    );
  }
  const parts = typeName.split('/');
  return ok(parts.length === 2 ? `${parts[0]}/${kind}/${parts[1]}` : typeName);
}

/** The folders of `options` (absent: none); anything else answers InvalidArgument. */
function directoriesOf(options: unknown): ResultOf<readonly string[]> {
  if (options === undefined) return ok([]);
  if (typeof options !== 'object' || options === null) {
    return err('InvalidArgument', `TypeRegistry.load options must be an object, got ${describeValue(options)}`);
  }
  let dirs: unknown;
  try {
    dirs = (options as { directories?: unknown }).directories;
  } catch {
    return err('InvalidArgument', 'TypeRegistry.load options.directories could not be read');
  }
  if (dirs === undefined) return ok([]);
  if (!Array.isArray(dirs) || !dirs.every((d) => typeof d === 'string' && d.length > 0)) {
    return err('InvalidArgument', `options.directories must be an array of folder paths, got ${describeValue(dirs)}`);
  }
  return ok(dirs as string[]);
}

function formatErrors(errors: readonly DefinitionError[]): string {
  return errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n');
}

let shared: TypeRegistry | undefined;

export class TypeRegistry {
  private readonly dynamic: DynamicTypes | undefined;

  private constructor(
    /** The interfaces whose definitions were read (empty for `bundled()`). */
    readonly interfaces: readonly InterfaceDef[],
    private readonly structs: ReadonlyMap<string, StructDef>,
    sha256Hex: ((text: string) => string) | undefined,
  ) {
    this.dynamic =
      sha256Hex === undefined
        ? undefined
        : new DynamicTypes(structs, (name) => `RIHS01_${sha256Hex(hashedDescription(structs.get(name)!, structs))}`);
  }

  /** The bundled packages' generated types; no file is read, so it works in a browser too. */
  static bundled(): TypeRegistry {
    shared ??= new TypeRegistry([], new Map(), undefined);
    return shared;
  }

  /**
   * The bundled packages with their definitions, and the packages of `options.directories`,
   * parsed now (Node only). A user's type may refer to the bundled ones; a definition error
   * answers InvalidArgument naming the file and line.
   */
  static load(options: TypeRegistryOptions = {}): ResultOf<TypeRegistry> {
    const directories = directoriesOf(options);
    if (!directories.ok) return directories;
    const host = hostFiles();
    if (!host.ok) return host;
    const { fs, resolve, bundledDir, sha256Hex } = host.value;
    if (bundledDir === undefined) {
      return err('NotFound', 'the bundled interface definitions (the package folder interfaces/) are not installed');
    }
    const files = readInterfaceDirsIn(fs, resolve, [bundledDir, ...directories.value]);
    if (!files.ok) return files;
    const errors: DefinitionError[] = [];
    const defs = parseAll(files.value, errors);
    const table = structTable(defs, errors);
    if (errors.length > 0) return err('InvalidArgument', formatErrors(errors));
    return ok(new TypeRegistry(defs, table, sha256Hex));
  }

  /** `pkg/msg/Name` (or `pkg/Name`): the generated type of a bundled package, else one made from its definition. */
  message(typeName: string): ResultOf<GenericMessageType> {
    const name = fullName(typeName, 'msg');
    if (!name.ok) return name;
    const full = name.value;
    const found = this.generated(full, 'msg');
    if (found !== undefined) return ok(found as GenericMessageType);
    const s = this.structs.get(full);
    // A service's or action's own entry (description) is no message; its parts (`_Request`, ...) are.
    if (this.dynamic === undefined || s === undefined || s.description === true) return this.notFound(typeName, 'msg');
    return ok(this.dynamic.message(full));
  }

  /** `pkg/srv/Name` (or `pkg/Name`). */
  service(typeName: string): ResultOf<GenericServiceType> {
    const name = fullName(typeName, 'srv');
    if (!name.ok) return name;
    const full = name.value;
    const found = this.generated(full, 'srv');
    if (found !== undefined) return ok(found as GenericServiceType);
    const s = this.structs.get(full);
    if (this.dynamic === undefined || s?.description !== true || !this.structs.has(`${full}_Request`)) {
      return this.notFound(typeName, 'srv');
    }
    return ok(this.dynamic.service(full));
  }

  /** `pkg/action/Name` (or `pkg/Name`). */
  action(typeName: string): ResultOf<GenericActionType> {
    const name = fullName(typeName, 'action');
    if (!name.ok) return name;
    const full = name.value;
    const found = this.generated(full, 'action');
    if (found !== undefined) return ok(found as GenericActionType);
    const s = this.structs.get(full);
    if (this.dynamic === undefined || s?.description !== true || !this.structs.has(`${full}_Goal`)) {
      return this.notFound(typeName, 'action');
    }
    return ok(this.dynamic.action(full) as unknown as GenericActionType);
  }

  /**
   * The parsed definition of a structure (a message, or a part such as `pkg/srv/Name_Request`),
   * for tools that walk fields; only a registry made by `load()` has definitions.
   */
  definition(typeName: string): ResultOf<StructDef> {
    const name = fullName(typeName, 'msg');
    if (!name.ok) return name;
    const s = this.structs.get(name.value);
    if (s !== undefined) return ok(s);
    const why =
      this.dynamic === undefined ? ' (TypeRegistry.bundled() holds no definitions: use TypeRegistry.load())' : '';
    return err('NotFound', `no definition of '${typeName}'${why}`);
  }

  /** Whether a message, service or action of this name is known. */
  has(typeName: string): boolean {
    return this.message(typeName).ok || this.service(typeName).ok || this.action(typeName).ok;
  }

  private generated(full: string, kind: Kind): unknown {
    const [pkg = '', section = '', name = ''] = full.split('/');
    if (section !== kind) return undefined;
    const value = packages[pkg]?.[section]?.[name];
    return typeof value === 'function' || (typeof value === 'object' && value !== null) ? value : undefined;
  }

  private notFound(typeName: string, kind: Kind): ResultOf<never> {
    const hint =
      this.dynamic === undefined
        ? 'not a bundled type; a package of your own: TypeRegistry.load({ directories })'
        : 'neither bundled nor in the folders loaded';
    return err('NotFound', `unknown ${KIND_NAME[kind]} type '${typeName}' (${hint})`);
  }
}
