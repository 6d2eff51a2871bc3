/**
 * Malformed samples and queries from an independent eclipse-zenoh peer (malformed_peer.py in
 * the interop venv): it connects to a seeded router's zenoh TCP listener, learns the graph's
 * keys, and sends garbage for a few seconds. Nobody may throw, crash or stop serving: the probe
 * round afterwards and the harness's own loss counts say so.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SoakContext, SoakFault } from '../contract.js';
import { runFault } from './fault-run.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../../..');
export const DEFAULT_PYTHON = join(ROOT, '.venv-interop/bin/python');
const SCRIPT = join(HERE, 'malformed_peer.py');
/** Past its injecting time, the peer gets this long to discover, drain replies and print. */
const PEER_SLACK_MS = 15_000;

export interface MalformedPeerOptions {
  readonly python?: string | undefined;
  readonly injectMs?: number | undefined;
}

interface PeerOutcome {
  readonly code: number | null;
  readonly summary: string;
}

function runPeer(python: string, args: readonly string[], budgetMs: number): Promise<PeerOutcome> {
  return new Promise((resolve) => {
    const child = spawn(python, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errText = '';
    child.stdout.on('data', (c) => {
      out += String(c);
    });
    child.stderr.on('data', (c) => {
      errText = `${errText}${String(c)}`.slice(-400);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), budgetMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: -1, summary: `cannot run ${python}: ${e.message}` });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').at(-1) ?? '';
      const why = signal !== null ? `killed by ${signal} after ${budgetMs} ms` : errText.trim().split('\n').at(-1);
      resolve({ code, summary: code === 0 ? last : `exit ${code}: ${last || why || 'no output'}` });
    });
  });
}

export function malformedPeerFault(options: MalformedPeerOptions = {}): SoakFault {
  const python = options.python ?? DEFAULT_PYTHON;
  const injectMs = options.injectMs ?? 3000;
  const name = 'malformed-peer';
  return {
    name,
    inject: (ctx: SoakContext) =>
      runFault(name, ctx, async () => {
        if (!existsSync(python)) {
          return { restoredMs: Date.now(), detail: `NOT INJECTED: no eclipse-zenoh python at ${python}` };
        }
        const router = ctx.routers[Math.floor(ctx.random() * ctx.routers.length)]!;
        const seed = Math.floor(ctx.random() * 2 ** 31);
        const args = ['--connect', router.tcpEndpoint, '--seconds', String(injectMs / 1000), '--seed', String(seed)];
        const outcome = await runPeer(python, args, injectMs + PEER_SLACK_MS);
        const what = outcome.code === 0 ? outcome.summary : `NOT INJECTED: ${outcome.summary}`;
        return { restoredMs: Date.now(), detail: `via ${router.name} (${router.tcpEndpoint}), seed ${seed}: ${what}` };
      }),
  };
}
