/**
 * The MCAP and LZ4 libraries, imported the first time a bag is opened: a program that imports
 * `rclts` and never touches a bag does not load them (tens of milliseconds of its start-up,
 * docs/benchmarks.md, *Start-up*). Every caller is already async.
 */
/// <reference path="./lz4js.d.ts" />

type Mcap = typeof import('@mcap/core');
type Lz4 = typeof import('lz4js');

let mcap: Promise<Mcap> | undefined;
let lz4: Promise<Lz4> | undefined;

export function mcapLibrary(): Promise<Mcap> {
  mcap ??= import('@mcap/core');
  return mcap;
}

export function lz4Library(): Promise<Lz4> {
  lz4 ??= import('lz4js');
  return lz4;
}
