/** Shared by the rclcpp examples: `--router ws/HOST:PORT` runs over zenoh, else in-process. */

import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { describeThrown, err, ok, type ResultOf } from '../src/index.js';

export type Log = (line: string) => void;

export interface CommonArgs {
  readonly router: string | undefined;
  readonly count: number;
  readonly positionals: readonly string[];
  readonly numbers: Readonly<Record<string, number>>;
}

/** Parses `--router`, `--count` and the example's own numeric options; InvalidArgument on bad flags. */
export function parseExampleArgs(
  argv: readonly string[],
  count: number,
  numbers: Record<string, number> = {},
): ResultOf<CommonArgs> {
  try {
    return ok(parse(argv, count, numbers));
  } catch (thrown) {
    return err('InvalidArgument', describeThrown(thrown));
  }
}

function parse(argv: readonly string[], count: number, numbers: Record<string, number>): CommonArgs {
  const numberOptions = Object.fromEntries(Object.keys(numbers).map((k) => [k, { type: 'string' as const }]));
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { router: { type: 'string' }, count: { type: 'string' }, ...numberOptions },
  });
  const num = (name: string, fallback: number): number => {
    const raw = (values as Record<string, string | boolean | undefined>)[name];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got '${String(raw)}'`);
    return n;
  };
  const parsed: Record<string, number> = {};
  for (const [k, v] of Object.entries(numbers)) parsed[k] = num(k, v);
  return { router: values.router, count: num('count', count), positionals, numbers: parsed };
}

/** Runs `main` when the file is executed directly (`npx tsx examples/talker.ts`). */
export function runIfMain(moduleUrl: string, main: (argv: readonly string[]) => Promise<number>): void {
  const entry = process.argv[1];
  if (entry === undefined || pathToFileURL(entry).href !== moduleUrl) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (thrown: unknown) => {
      console.error(thrown instanceof Error ? thrown.message : thrown);
      process.exit(2);
    },
  );
}
