// The import rules of src/ and examples/, checked by `npm run deps` (part of `npm test`).
//
// Floors, each calling only the ones below it (docs/architecture.md):
//   src/index.ts (the package root: nothing in src/ imports it)
//   src/vrobots -> src/rclcpp -> src/executor -> src/rmw -> files directly under src/ (result.ts, ...)
// Type-only imports count: a type taken from a higher floor ties the floors as much as a value does.
//
// Public entries: what a floor above may import from the floors below is the area's index.ts
// (src/rclcpp/index.ts, src/executor/index.ts; vrobots uses no rmw file) and the floor-0 files; examples
// import only what a user can (`rclts` = src/index.ts, `rclts/vrobots` = src/vrobots/index.ts).

const FLOOR0 = '^src/(?!index\\.ts$)[^/]+\\.ts$';
const ROOT = '^src/index\\.ts$';
const AREA_ENTRY = '^src/(rclcpp|executor)/index\\.ts$';
// The zenoh-ts adapter: the only files that know zenoh-ts's internals and the remote-api wire.
const ZENOH_TS_ADAPTER = '^src/rmw/zenoh/zenoh-ts/';
// What a user can import: 'rclts', 'rclts/vrobots', 'rclts/msgs', 'rclts/interfaces/runtime', 'rclts/interfaces'.
const PACKAGE_ENTRY =
  '^src/(index|vrobots/index|rclcpp/interfaces/generated/index|rclcpp/interfaces/runtime/index|interface-compiler/index)\\.ts$';
// Applications built on the library (src/cli: the rclts and vrobots commands) and the interface compiler.
const APPLICATIONS = '^src/(cli|interface-compiler)/';

/** A floor may import its own files, lower floors and node_modules: never these. */
const upward = (name, from, above) => ({
  name,
  comment: `${from} is below ${above.join(', ')}: a floor only calls down (docs/architecture.md)`,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: `^src/(${above.join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'An import cycle in src/ makes the files one unit: split out what both sides need',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    upward('rmw-calls-down', 'rmw', ['executor', 'rclcpp', 'vrobots']),
    upward('executor-calls-down', 'executor', ['rclcpp', 'vrobots']),
    upward('rclcpp-calls-down', 'rclcpp', ['vrobots']),
    {
      name: 'floor0-calls-down',
      comment: 'Files directly under src/ (result.ts, ...) are the ground floor: they import no floor',
      severity: 'error',
      from: { path: FLOOR0 },
      to: { path: '^src/(rmw|executor|rclcpp|vrobots)/' },
    },
    {
      name: 'root-is-top',
      comment:
        'src/index.ts is the package root that re-exports the floors; nothing in src/ imports it but the applications (src/cli)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: ROOT },
    },
    {
      name: 'vrobots-uses-public-entries',
      comment:
        'vrobots uses rclcpp, executor and rmw as a user does: through their index.ts (and floor-0 files), never a deep file',
      severity: 'error',
      from: { path: '^src/vrobots/' },
      to: { path: '^src/(rclcpp|executor|rmw)/', pathNot: AREA_ENTRY },
    },
    {
      name: 'library-does-not-import-applications',
      comment:
        'The CLIs (src/cli) and the interface compiler (src/interface-compiler) are built on the library; no library floor imports them',
      severity: 'error',
      from: { path: '^src/', pathNot: APPLICATIONS },
      to: { path: APPLICATIONS },
    },
    {
      name: 'cli-uses-package-entries',
      comment:
        "the rclts and vrobots commands import the library as a user does: 'rclts', 'rclts/vrobots', 'rclts/msgs', 'rclts/interfaces/runtime', 'rclts/interfaces'",
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/', pathNot: [PACKAGE_ENTRY, '^src/cli/'] },
    },
    {
      name: 'interface-compiler-is-a-tool',
      comment:
        'the interface compiler emits code for the runtime; it imports only floor-0 files, the runtime entry and the definitions entry (the parser the run-time type registry shares), never a floor or a CLI',
      severity: 'error',
      from: { path: '^src/interface-compiler/' },
      to: {
        path: '^src/(rmw|executor|rclcpp|vrobots|cli)/',
        pathNot: '^src/rclcpp/interfaces/(runtime|definitions)/index\\.ts$',
      },
    },
    {
      name: 'examples-use-package-entries',
      comment:
        "examples and the web console import only what a user can: 'rclts' (src/index.ts), 'rclts/vrobots' (src/vrobots/index.ts), 'rclts/msgs' (src/rclcpp/interfaces/generated/index.ts), 'rclts/interfaces/runtime' and 'rclts/interfaces' (src/interface-compiler/index.ts)",
      severity: 'error',
      from: { path: '^(examples|web)/' },
      to: { path: '^src/', pathNot: PACKAGE_ENTRY },
    },
    {
      name: 'zenoh-ts-internals-in-the-adapter',
      comment:
        "Only the zenoh-ts adapter (src/rmw/zenoh/zenoh-ts/) reaches zenoh-ts's files past its public entry, and `ws`",
      severity: 'error',
      from: { path: '^src/', pathNot: ZENOH_TS_ADAPTER },
      to: {
        path: [
          '^node_modules/@eclipse-zenoh/zenoh-ts/dist/(?!index\\.(js|d\\.ts)$)',
          '^@eclipse-zenoh/zenoh-ts/dist/',
          '^node_modules/ws/',
        ],
      },
    },
    {
      name: 'zenoh-ts-adapter-through-its-entry',
      comment: 'The rest of rclts uses the zenoh-ts adapter through its index.ts only',
      severity: 'error',
      from: { path: '^src/', pathNot: ZENOH_TS_ADAPTER },
      to: { path: ZENOH_TS_ADAPTER, pathNot: `${ZENOH_TS_ADAPTER}index\\.ts$` },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        "An import that resolves to nothing would hide an edge from the rules above (but zenoh-ts's session_inner module, outside its package exports: the browser bundler resolves it)",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^@eclipse-zenoh/zenoh-ts/dist/session_inner\\.js$' },
    },
  ],
  options: {
    // typescript 7 has no compiler API for dependency-cruiser to parse with; swc parses TypeScript
    // (type-only imports included).
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/vrobots/generated/' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.d.ts'],
    },
  },
};
