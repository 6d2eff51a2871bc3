/** `vrobots bag record|play`'s arguments. */
import { parse, ROUTER, routerOf, seconds } from './cli-parse.js';
import { type CliMisuse, misuse } from './cli-usage.js';

export type BagCliCommand =
  | {
      readonly kind: 'bag-record';
      readonly router: string | undefined;
      readonly output: string;
      /** Stop after this long; absent: at Ctrl-C. */
      readonly durationMs: number | undefined;
    }
  | { readonly kind: 'bag-play'; readonly router: string | undefined; readonly path: string; readonly rate: number };

export function parseBag(args: readonly string[]): BagCliCommand | CliMisuse {
  const [verb, ...rest] = args;
  if (verb === 'record') {
    const p = parse(rest, {
      ...ROUTER,
      output: { type: 'string', short: 'o' },
      duration: { type: 'string', short: 'd' },
    });
    if ('kind' in p) return p;
    if (p.positionals.length > 0) return misuse(`bag record takes no arguments, got '${p.positionals.join(' ')}'`);
    const output = p.values.output;
    if (typeof output !== 'string' || output === '') return misuse('bag record needs -o DIR (the bag folder)');
    const router = routerOf(p.values);
    if (typeof router === 'object') return router;
    const text = p.values.duration as string | undefined;
    const durationMs = text === undefined ? undefined : seconds('-d', text, 0);
    if (typeof durationMs === 'object') return durationMs;
    return { kind: 'bag-record', router, output, durationMs };
  }
  if (verb === 'play') {
    const p = parse(rest, { ...ROUTER, rate: { type: 'string', short: 'r' } });
    if ('kind' in p) return p;
    if (p.positionals.length !== 1) return misuse('bag play needs exactly one PATH (a bag folder or .mcap file)');
    const router = routerOf(p.values);
    if (typeof router === 'object') return router;
    const rateText = p.values.rate as string | undefined;
    const rate = rateText === undefined ? 1 : Number(rateText);
    if (!Number.isFinite(rate) || rate <= 0) return misuse(`--rate must be a number > 0, got '${rateText}'`);
    return { kind: 'bag-play', router, path: p.positionals[0] as string, rate };
  }
  return misuse(
    verb === undefined ? 'bag needs a verb: record or play' : `unknown bag verb '${verb}' (known: record, play)`,
  );
}
