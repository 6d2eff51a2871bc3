// The FileDescriptorSet of proto/ (what an MCAP `protobuf` schema holds), emitted by
// generate-proto.mjs as src/vrobots/generated/swarmbotix-descriptor.ts, so a page records the
// vrobots topics without protobufjs or the .proto files at run time.
// protobufjs's descriptor extension makes one file per package with relative type names and no
// imports; readers that build a descriptor pool (Python's protobuf, Foxglove) need the
// references fully qualified and each file's dependencies named, in dependency order.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const descriptor = require('protobufjs/ext/descriptor');

function qualify(scope, messages, fileOfType, deps, selfName) {
  for (const m of messages) {
    const type = scope.lookupType(m.name);
    for (const f of m.field ?? []) {
      if (!f.typeName) continue;
      const target = type.lookup(f.typeName);
      if (target === null) throw new Error(`${type.fullName}.${f.name}: cannot resolve ${f.typeName}`);
      f.typeName = target.fullName; // leading '.': fully qualified
      const file = fileOfType(target.fullName);
      if (file !== selfName) deps.add(file);
    }
    qualify(type, m.nestedType ?? [], fileOfType, deps, selfName);
  }
}

/** The FileDescriptorSet bytes of everything `root` holds (resolved), deterministic. */
export function descriptorSetBytes(root) {
  const set = root.toDescriptor('proto3');
  const fileOfPackage = new Map(set.file.map((f) => [f.package, f.name]));
  const fileOfType = (full) => {
    const parts = full.replace(/^\./, '').split('.');
    for (let n = parts.length - 1; n > 0; n--) {
      const found = fileOfPackage.get(parts.slice(0, n).join('.'));
      if (found !== undefined) return found;
    }
    throw new Error(`no file holds ${full}`);
  };
  const depsOf = new Map();
  for (const file of set.file) {
    const deps = new Set();
    qualify(root.lookup(file.package), file.messageType ?? [], fileOfType, deps, file.name);
    file.dependency = [...deps].sort();
    depsOf.set(file.name, file.dependency);
  }
  // Dependencies first (a pool adds a file only after the files it imports).
  const ordered = [];
  const placed = new Set();
  const place = (name, path) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`import cycle: ${[...path, name].join(' -> ')}`);
    for (const dep of depsOf.get(name)) place(dep, [...path, name]);
    placed.add(name);
    ordered.push(set.file.find((f) => f.name === name));
  };
  for (const name of [...depsOf.keys()].sort()) place(name, []);
  set.file = ordered;
  return descriptor.FileDescriptorSet.encode(set).finish();
}

/** The TS module: the bytes as base64 lines (a page decodes them once, on first use). */
export function emitDescriptor(root, header) {
  const base64 = Buffer.from(descriptorSetBytes(root)).toString('base64');
  const lines = base64.match(/.{1,100}/g) ?? [];
  let out = `${header}// The FileDescriptorSet (google/protobuf/descriptor.proto) of every swarmbotix .proto file,\n`;
  out += `// base64: the schema data of the vrobots topics in an MCAP bag (schema encoding \`protobuf\`).\n`;
  out += `export const SWARMBOTIX_DESCRIPTOR_SET_BASE64: string =\n`;
  out += lines.map((l) => `  '${l}'`).join(' +\n');
  out += ';\n';
  return out;
}
