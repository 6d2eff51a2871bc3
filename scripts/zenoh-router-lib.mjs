// The real zenoh router for rclts: zenoh-bridge-remote-api (a zenoh router with the remote-api
// plugin linked in, so no plugin/zenohd ABI matching) built from crates.io at exactly the
// zenoh-ts release pinned in package.json (there is no protocol negotiation between the two).
// Plain Node, no dependencies: the CLI (zenoh-router.mjs) and the vitest global setup use it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { request as tlsRequest } from 'node:https';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGate } from './zenoh-router-gate.mjs';
import { linkTlsConfig } from './zenoh-router-profiles.mjs';

export { linkTlsConfig, usrpwdConfig, vrobotsSimulatorAcl } from './zenoh-router-profiles.mjs';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CRATE = 'zenoh-bridge-remote-api';
const EXE = process.platform === 'win32' ? `${CRATE}.exe` : CRATE;
const PROGRESS_EVERY_MS = 30_000;
const LOOPBACK = '127.0.0.1';

/** The zenoh release rclts is pinned to: the exact @eclipse-zenoh/zenoh-ts version in package.json. */
export function pinnedZenohVersion() {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const v = pkg.dependencies?.['@eclipse-zenoh/zenoh-ts'];
  if (typeof v !== 'string' || !/^\d+\.\d+\.\d+$/.test(v)) {
    throw new Error(`package.json must pin @eclipse-zenoh/zenoh-ts to an exact version (found ${String(v)})`);
  }
  return v;
}

/** $RCLTS_ROUTER_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/rclts/zenoh-router. */
export function routerCacheDir() {
  if (process.env.RCLTS_ROUTER_CACHE) return process.env.RCLTS_ROUTER_CACHE;
  const xdg = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(xdg, 'rclts', 'zenoh-router');
}

/** Where the router binary of `version` lives ($RCLTS_ROUTER_BIN overrides it). */
export function routerBinaryPath(version = pinnedZenohVersion()) {
  if (process.env.RCLTS_ROUTER_BIN) return process.env.RCLTS_ROUTER_BIN;
  return join(routerCacheDir(), version, 'bin', EXE);
}

/** The version a router binary reports, or undefined when it does not run. */
export function binaryVersion(binary) {
  if (!existsSync(binary)) return undefined;
  const r = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 15_000 });
  if (r.status !== 0) return undefined;
  return /(\d+\.\d+\.\d+)/.exec(`${r.stdout}${r.stderr}`)?.[1];
}

function findCargo() {
  const candidates = [process.env.CARGO, 'cargo', join(homedir(), '.cargo', 'bin', 'cargo')];
  for (const c of candidates) {
    if (!c) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8' });
    if (r.status === 0) return c;
  }
  return undefined;
}

const MISSING_CARGO = `Rust's cargo was not found (needed once, to build the zenoh router).
Install Rust with rustup:
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh
  source "$HOME/.cargo/env"
then run this again. Alternatively point RCLTS_ROUTER_BIN at a ${CRATE} binary of the same zenoh
release, or run rclts against a router you already have (--router ws/HOST:PORT).`;

function formatSeconds(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

function lastLines(file, n) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(no log)';
  }
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return e.code === 'EPERM';
  }
  try {
    // Linux: an exited process nobody has reaped yet (state Z) is gone for our purposes.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Builds the router at the pinned release unless a working binary is already cached.
 * Returns { ok: true, binary, version, built, buildMs? } or { ok: false, message }.
 * `log` receives human-readable progress lines.
 */
export async function installRouter({ version = pinnedZenohVersion(), log = console.log } = {}) {
  const binary = routerBinaryPath(version);
  const found = binaryVersion(binary);
  if (found === version) {
    log(`zenoh router ${version} is ready: ${binary}`);
    return { ok: true, binary, version, built: false };
  }
  if (process.env.RCLTS_ROUTER_BIN) {
    const what = found === undefined ? 'does not run' : `reports version ${found}`;
    return { ok: false, message: `RCLTS_ROUTER_BIN=${binary} ${what}; rclts needs ${CRATE} ${version}` };
  }
  const cargo = findCargo();
  if (cargo === undefined) return { ok: false, message: MISSING_CARGO };

  const root = join(routerCacheDir(), version);
  mkdirSync(root, { recursive: true });
  const lock = join(root, 'build.lock');
  const logFile = join(root, 'build.log');
  const locked = readLock(lock);
  // A lock left by a killed install may name a pid the system has since given to another
  // program: only a live cargo counts, or the wait below would never end.
  const holder = locked !== undefined && pidAlive(locked) && isCargo(locked) ? locked : cargoInstallInto(root);
  if (holder !== undefined) {
    log(`cargo (pid ${holder}) is already building the zenoh router ${version}; waiting for it (log: ${logFile})`);
    await waitWhile(() => pidAlive(holder), logFile, log);
    return installRouter({ version, log });
  }
  const args = ['install', '--locked', CRATE, '--version', version, '--root', root];
  if (found !== undefined) args.push('--force');
  log(`building the zenoh router once: ${cargo} ${args.join(' ')}`);
  log(`this takes a few minutes (about 10-25 on 2 cores); cargo output goes to ${logFile}`);
  const started = Date.now();
  const status = await runLogged(cargo, args, logFile, lock, (ms) =>
    log(`  still building (${formatSeconds(ms)}): ${lastLines(logFile, 1).trim()}`),
  );
  const buildMs = Date.now() - started;
  const got = binaryVersion(binary);
  if (status !== 0 || got !== version) {
    const why = status !== 0 ? `cargo exited with status ${status}` : `the built binary reports ${got ?? 'nothing'}`;
    return {
      ok: false,
      message: `building the zenoh router ${version} failed (${why}) after ${formatSeconds(buildMs)}.
Full log: ${logFile}
Last lines:
${lastLines(logFile, 20)}
Check the Rust toolchain (rustup update) and network access to crates.io, then run again.`,
    };
  }
  log(`built zenoh router ${version} in ${formatSeconds(buildMs)}: ${binary}`);
  return { ok: true, binary, version, built: true, buildMs };
}

/** Linux: the argv of `pid`, or undefined (gone, or not readable). */
function argvOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs cargo (Linux; elsewhere there is no cheap way to tell, so yes). */
function isCargo(pid) {
  if (process.platform !== 'linux') return true;
  return /cargo$/.test(argvOf(pid)?.[0] ?? '');
}

/** Linux: the pid of a cargo already installing into `root` without our lock (started by hand). */
function cargoInstallInto(root) {
  if (process.platform !== 'linux') return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = argvOf(entry);
    if (argv !== undefined && /cargo$/.test(argv[0] ?? '') && argv.includes('install') && argv.includes(root))
      return Number(entry);
  }
  return undefined;
}

function readLock(lock) {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitWhile(busy, logFile, log) {
  const started = Date.now();
  let next = started + PROGRESS_EVERY_MS;
  while (busy()) {
    await new Promise((r) => setTimeout(r, 1000));
    if (Date.now() >= next) {
      next += PROGRESS_EVERY_MS;
      log(`  still waiting (${formatSeconds(Date.now() - started)}): ${lastLines(logFile, 1).trim()}`);
    }
  }
}

function runLogged(cmd, args, logFile, lock, progress) {
  return new Promise((resolve) => {
    const fd = openSync(logFile, 'w');
    const child = spawn(cmd, args, { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    // The lock names the cargo doing the build so a second install waits for it instead.
    if (child.pid !== undefined) writeFileSync(lock, String(child.pid));
    const started = Date.now();
    const timer = setInterval(() => progress(Date.now() - started), PROGRESS_EVERY_MS);
    const done = (code) => {
      clearInterval(timer);
      rmSync(lock, { force: true });
      resolve(code);
    };
    child.on('error', () => done(-1));
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : -1)));
  });
}

/** Asks the OS for a free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, LOOPBACK, () => server.close(() => resolve(true)));
  });
}

/**
 * True when a WebSocket handshake on 127.0.0.1:port succeeds (the remote-api plugin is up).
 * Over TLS (`secure`) the certificate is not checked here: this only asks whether it is up.
 */
function websocketAccepts(port, timeoutMs, secure = false) {
  return new Promise((resolve) => {
    const req = (secure ? tlsRequest : request)({
      rejectUnauthorized: false,
      host: LOOPBACK,
      port,
      path: '/',
      timeout: timeoutMs,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Version': '13',
      },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(true);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(false);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

const running = new Set();
process.on('exit', () => {
  // Never leave a router behind when the process that started it (not detached) goes away.
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The bridge's tokio runtime (the remote-api plugin's WebSockets and the sessions behind them;
 * zenoh's own link runtimes are sized apart) runs on this many threads unless told otherwise.
 * tokio's default is one per core. One thread hands a query from the server's WebSocket task to
 * the client's on the same thread: a service round trip through this router measured p50
 * 144-159 µs instead of 172-236 µs at 16 B and 1 KiB (2 cores, alternating runs), the
 * 2000-robot swarm and pub/sub unchanged (docs/benchmarks.md).
 */
export const ROUTER_WORKER_THREADS = 1;

/** workerThreads as given, else a TOKIO_WORKER_THREADS the caller's environment sets, else the default. */
function workerThreadsOf(given) {
  if (given === undefined) return process.env.TOKIO_WORKER_THREADS ?? String(ROUTER_WORKER_THREADS);
  if (!Number.isInteger(given) || given < 1 || given > 1024)
    throw new Error(`workerThreads must be an integer 1..1024, got ${given}`);
  return String(given);
}

function checkMode(mode) {
  return mode === 'peer' || mode === 'router' ? undefined : `mode must be 'peer' or 'router', got ${mode}`;
}

function checkPort(name, port) {
  if (port === undefined) return undefined;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return `${name} must be an integer 1..65535, got ${port}`;
  return undefined;
}

/**
 * Starts one router on loopback: a WebSocket listener for zenoh-ts and a TCP listener for
 * other zenoh peers/routers, multicast scouting off. Free ports are chosen unless given.
 * Resolves once the WebSocket accepts; rejects with a clear Error (and leaves no process)
 * when a port is taken, the binary is missing, or the router does not come up in time.
 *
 * Options: wsPort, tcpPort, binary, readyBudgetMs (default 20000), connect (array of
 * locators such as 'tcp/127.0.0.1:7447' to join another router), mode ('peer', the bridge's
 * default, or 'router': forwards between the routers it links, the mesh), config (zenoh config
 * entries, path -> JSON value, each passed as --cfg), detached + logFile (the CLI: the router
 * outlives this process), workerThreads (threads of the bridge's own runtime, where the
 * remote-api plugin serves its WebSockets: default 1, see ROUTER_WORKER_THREADS).
 */
export async function startRouter(options = {}) {
  const {
    wsPort: wantWs,
    tcpPort: wantTcp,
    readyBudgetMs = 20_000,
    connect = [],
    detached = false,
    mode = 'peer',
    config = {},
    wss,
    linkTls,
    gate,
    configFile,
    listenProtocol = linkTls === undefined ? 'tcp' : 'tls',
  } = options;
  if (gate !== undefined && detached) {
    throw new Error(
      'a gate runs in the process that starts it; run `node scripts/zenoh-router.mjs gate` in front of a detached router',
    );
  }
  const binary = options.binary ?? routerBinaryPath();
  const bad = checkPort('wsPort', wantWs) ?? checkPort('tcpPort', wantTcp) ?? checkMode(mode);
  if (bad) throw new Error(bad);
  const workerThreads = workerThreadsOf(options.workerThreads);
  if (!existsSync(binary)) {
    throw new Error(`zenoh router binary not found at ${binary}; build it with: node scripts/zenoh-router.mjs install`);
  }
  for (const [name, port] of [
    ['WebSocket', wantWs],
    ['TCP', wantTcp],
  ]) {
    if (port !== undefined && !(await portIsFree(port))) {
      throw new Error(
        `cannot start the zenoh router: ${name} port ${port} on ${LOOPBACK} is already in use; pick another port or leave it out to get a free one`,
      );
    }
  }
  // With a gate, clients reach the gate on wsPort and the plugin listens on a loopback port behind it.
  const wsPort = wantWs ?? (await freePort());
  let pluginPort = wsPort;
  while (gate !== undefined && pluginPort === wsPort) pluginPort = await freePort();
  let tcpPort = wantTcp ?? (await freePort());
  while (tcpPort === wsPort || tcpPort === pluginPort) tcpPort = await freePort();
  // TLS of the WebSocket belongs to whoever faces the clients: the gate when there is one.
  const pluginWss = gate === undefined ? wss : undefined;

  if (listenProtocol !== 'tcp' && listenProtocol !== 'tls')
    throw new Error(`listenProtocol must be 'tcp' or 'tls', got ${listenProtocol}`);
  const linkLocator = `${listenProtocol}/${LOOPBACK}:${tcpPort}`;
  const args = ['--no-multicast-scouting', '-l', linkLocator, '--ws-port', `${LOOPBACK}:${pluginPort}`];
  // The flags above (and --cfg below) take precedence over the file's listen/connect/port.
  if (configFile !== undefined) args.unshift('-c', configFile);
  // The plugin's own TLS (secure_websocket): rclts then connects to wss/.
  if (pluginWss !== undefined) args.push('--cert', pluginWss.certificate, '--key', pluginWss.privateKey);
  for (const c of connect) args.push('-e', c);
  // The bridge's -m knows only peer|client; a router (one that forwards between the routers
  // it links, a real mesh) is set through the config. --cfg entries apply after the flags.
  if (mode === 'router') args.push('--cfg', 'mode:"router"');
  const entries = { ...linkTlsConfig(linkTls), ...config };
  for (const [key, value] of Object.entries(entries)) args.push('--cfg', `${key}:${JSON.stringify(value)}`);
  const env = { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn', TOKIO_WORKER_THREADS: workerThreads };
  const tail = [];
  let child;
  if (detached) {
    const fd = openSync(options.logFile ?? '/dev/null', 'a');
    child = spawn(binary, args, { stdio: ['ignore', fd, fd], detached: true, env });
    closeSync(fd);
  } else {
    child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const keep = (chunk) => {
      tail.push(...String(chunk).split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 30));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    running.add(child);
  }
  let exitInfo;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
    child.once('error', (e) => {
      running.delete(child);
      exitInfo = { code: -1, signal: null, error: e };
      resolve(exitInfo);
    });
  });

  const started = Date.now();
  const deadline = started + readyBudgetMs;
  let up = false;
  // A config file may switch the plugin's TLS on (secure_websocket): then ask both ways.
  let secure = pluginWss !== undefined;
  while (!up && exitInfo === undefined && Date.now() < deadline) {
    up = await websocketAccepts(pluginPort, 1000, secure);
    if (!up && configFile !== undefined && pluginWss === undefined) secure = !secure;
    if (!up) await new Promise((r) => setTimeout(r, 50));
  }
  const startupMs = Date.now() - started;
  const locator = `${wss !== undefined || secure ? 'wss' : 'ws'}/${LOOPBACK}:${wsPort}`;
  let gateway;
  if (up && gate !== undefined) {
    try {
      gateway = await startGate({ ...gate, port: wsPort, target: { host: LOOPBACK, port: pluginPort }, tls: wss });
    } catch (e) {
      up = false;
      tail.push(`the gate could not listen on ${LOOPBACK}:${wsPort}: ${e.message}`);
    }
  }

  const kill = async (signal = 'SIGKILL') => {
    await gateway?.close();
    if (exitInfo === undefined) child.kill(signal);
    await exited;
  };
  const stop = async () => {
    await gateway?.close();
    if (exitInfo !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  if (!up) {
    await kill();
    const why =
      exitInfo?.error !== undefined
        ? `could not run ${binary}: ${exitInfo.error.message}`
        : exitInfo !== undefined && startupMs < readyBudgetMs
          ? `it exited (code ${exitInfo.code}, signal ${exitInfo.signal})`
          : `its WebSocket on ${LOOPBACK}:${pluginPort} did not accept within ${readyBudgetMs} ms`;
    const output = tail.length > 0 ? `\nrouter output:\n${tail.join('\n')}` : '';
    throw new Error(`cannot start the zenoh router (${binary}): ${why}${output}`);
  }
  if (detached) child.unref();
  return { locator, linkLocator, pid: child.pid, wsPort, pluginPort, tcpPort, binary, startupMs, exited, stop, kill };
}

/** Directory of pid files for routers started by the CLI. */
export function routerRunDir() {
  return join(routerCacheDir(), 'run');
}

function isOurRouter(pid) {
  if (!pidAlive(pid)) return false;
  try {
    // Linux: make sure the pid was not reused by some other program.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(CRATE);
  } catch {
    return process.platform !== 'linux';
  }
}

/** Records a router started by the CLI so `stop` can end it (and only it) later. */
export function recordRouter(router) {
  mkdirSync(routerRunDir(), { recursive: true });
  const file = join(routerRunDir(), `router-${router.wsPort}.json`);
  const { locator, pid, wsPort, tcpPort, binary } = router;
  writeFileSync(
    file,
    `${JSON.stringify({ locator, pid, wsPort, tcpPort, binary, startedAt: new Date().toISOString() })}\n`,
  );
  return file;
}

/**
 * Stops a router: either one returned by startRouter, or those the CLI recorded (all of them,
 * or the one on `wsPort`). Only pids from our own records are signalled. Resolves to the list
 * of { pid, locator } stopped.
 */
export async function stopRouter(target = {}) {
  if (typeof target.stop === 'function') {
    await target.stop();
    return [{ pid: target.pid, locator: target.locator }];
  }
  const dir = routerRunDir();
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^router-\d+\.json$/.test(f)) : [];
  const stopped = [];
  for (const f of files) {
    const file = join(dir, f);
    let rec;
    try {
      rec = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    if (target.wsPort !== undefined && rec.wsPort !== target.wsPort) continue;
    if (isOurRouter(rec.pid)) {
      process.kill(rec.pid, 'SIGTERM');
      const deadline = Date.now() + 5000;
      while (pidAlive(rec.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (pidAlive(rec.pid)) process.kill(rec.pid, 'SIGKILL');
      stopped.push({ pid: rec.pid, locator: rec.locator });
    }
    rmSync(file, { force: true });
  }
  return stopped;
}
