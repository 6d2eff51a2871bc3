// The import rules of src/ and examples/, checked by `npm run deps` (part of `npm test`).
//
// Floors, each calling only the ones below it (docs/architecture.md):
//   src/index.ts (the package root: nothing in src/ imports it)
//   src/vrobots -> src/rclcpp -> src/executor -> src/rmw -> files directly under src/ (result.ts, ...)
// Type-only imports count: a type taken from a higher floor ties the floors as much as a value does.
//
// Public entries: what a floor above may import from the floors below is the area's index.ts
// (src/rclcpp/index.ts, src/executor/index.ts, src/rmw/index.ts) and the floor-0 files; examples
// import only what a user can (`rclts` = src/index.ts, `rclts/vrobots` = src/vrobots/index.ts).

const FLOOR0 = '^src/(?!index\\.ts$)[^/]+\\.ts$';
const ROOT = '^src/index\\.ts$';
const AREA_ENTRY = '^src/(rclcpp|executor|rmw)/index\\.ts$';

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
      comment: 'src/index.ts is the package root that re-exports the floors; nothing in src/ imports it',
      severity: 'error',
      from: { path: '^src/' },
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
      name: 'examples-use-package-entries',
      comment:
        "examples and the web console import only what a user can: 'rclts' (src/index.ts), 'rclts/vrobots' (src/vrobots/index.ts), 'rclts/msgs' (src/rclcpp/interfaces/generated/index.ts) and 'rclts/interfaces' (src/rclcpp/interfaces/index.ts)",
      severity: 'error',
      from: { path: '^(examples|web)/' },
      to: { path: '^src/', pathNot: '^src/((vrobots|rclcpp/interfaces|rclcpp/interfaces/generated)/)?index\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing would hide an edge from the rules above',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
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
