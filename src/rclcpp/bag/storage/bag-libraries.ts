/**
 * The MCAP and LZ4 libraries, imported the first time a bag is opened: a program that imports
 * `rclts` and never touches a bag does not load them (tens of milliseconds of its start-up,
 * docs/benchmarks.md, *Start-up*). Every caller is already async. The MCAP library's callers
 * turn a failed import into an error value where they catch the reader's and writer's throws;
 * LZ4's answers one, as zstd-wasm's loader does (chunk-compression.ts).
 */
/// <reference path="./lz4js.d.ts" />
import { describeThrown, err, ok, type ResultOf } from '../../../result.js';

type Mcap = typeof import('@mcap/core');
type Lz4 = typeof import('lz4js');

let mcap: Promise<Mcap> | undefined;
let lz4: Promise<ResultOf<Lz4>> | undefined;

export function mcapLibrary(): Promise<Mcap> {
  mcap ??= import('@mcap/core');
  return mcap;
}

export function lz4Library(): Promise<ResultOf<Lz4>> {
  lz4 ??= import('lz4js').then(
    (m) => ok<Lz4>(m),
    (thrown: unknown) => err('Unsupported', `lz4 compression could not be loaded: ${describeThrown(thrown)}`),
  );
  return lz4;
}
