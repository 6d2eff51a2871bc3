/**
 * The JSON-line protocol of the bench's child peers (bench/python/rclpy_peer.py's docstring
 * describes it): events out on stdout, one command per stdin line.
 */
import { createInterface } from 'node:readline';

export function say(message: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

export interface Command {
  readonly cmd: string;
  readonly size?: number;
  readonly count?: number;
  readonly api?: string;
}

/** Runs `handle` for each command line in turn; resolves when stdin closes or says stop. */
export async function commands(handle: (c: Command) => Promise<void> | void): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    const c = JSON.parse(line) as Command;
    if (c.cmd === 'stop') return;
    await handle(c);
  }
}
