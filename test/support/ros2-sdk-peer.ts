// The independent ROS 2-over-zenoh peer of the interop tests (test/fixtures/ros2-sdk-peer.py):
// zenoh-ros2-sdk in a Python venv made once and cached, with pinned versions from PyPI, and the
// bundled interface definitions copied where the SDK looks for them.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const PINNED = ['eclipse-zenoh==1.10.1', 'zenoh-ros2-sdk==0.1.8'];
const ROOT = join(import.meta.dirname, '../..');
const VENV = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rclts', 'ros2-sdk-peer', 'venv');
const PYTHON = join(VENV, 'bin', 'python');
const STAMP = join(VENV, 'rclts-pinned.txt');

/** Makes the venv (minutes, once) and answers its python. Throws what failed. */
export function ensurePeer(): string {
  if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== PINNED.join('\n')) {
    mkdirSync(join(VENV, '..'), { recursive: true });
    execFileSync('python3', ['-m', 'venv', '--clear', VENV], { stdio: 'inherit' });
    execFileSync(PYTHON, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...PINNED], {
      stdio: 'inherit',
    });
    writeFileSync(STAMP, PINNED.join('\n'));
  }
  const site = execFileSync(
    PYTHON,
    ['-c', 'import zenoh_ros2_sdk, os; print(os.path.dirname(os.path.dirname(zenoh_ros2_sdk.__file__)))'],
    {
      encoding: 'utf8',
    },
  ).trim();
  cpSync(join(ROOT, 'interfaces'), join(site, 'messages'), { recursive: true });
  return PYTHON;
}

export interface PeerRun {
  readonly lines: string[];
  readonly ready: Promise<boolean>;
  readonly exited: Promise<number | null>;
  kill(): void;
}

export function runPeer(python: string, ...args: string[]): PeerRun {
  return runPeerScript(python, 'test/fixtures/ros2-sdk-peer.py', ...args);
}

/** Runs another Python fixture in the same venv (eclipse-zenoh and rosbags are in it). */
export function runPeerScript(python: string, script: string, ...args: string[]): PeerRun {
  const child = spawn(python, [join(ROOT, script), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let buffered = '';
  let markReady: (v: boolean) => void = () => {};
  const ready = new Promise<boolean>((r) => {
    markReady = r;
  });
  child.stdout.on('data', (c: Buffer) => {
    buffered += c.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter((l) => l.trim() !== ''));
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    if (stderr.includes('ready')) markReady(true);
  });
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      if (buffered.trim() !== '') lines.push(buffered);
      markReady(false);
      if (code !== 0 && code !== null)
        process.stderr.write(`${script} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}\n`);
      r(code);
    }),
  );
  return { lines, ready, exited, kill: () => child.kill('SIGKILL') };
}
