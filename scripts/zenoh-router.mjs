#!/usr/bin/env node
// The zenoh router rclts tests and examples run against (see zenoh-router-lib.mjs).
//   node scripts/zenoh-router.mjs install              build it once (cached), at the pinned zenoh release
//   node scripts/zenoh-router.mjs start [--ws-port N] [--tcp-port N] [--connect tcp/H:P] [--mode router] [--json]
//   node scripts/zenoh-router.mjs stop [--ws-port N]   stop routers this tool started (by recorded pid)
//   node scripts/zenoh-router.mjs path                 print the router binary path
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  installRouter,
  pinnedZenohVersion,
  recordRouter,
  routerBinaryPath,
  routerRunDir,
  startRouter,
  stopRouter,
} from './zenoh-router-lib.mjs';

const USAGE = `usage: node scripts/zenoh-router.mjs <install|start|stop|path> [options]
  install                      build zenoh-bridge-remote-api ${pinnedZenohVersion()} once into the cache
  start [--ws-port N] [--tcp-port N] [--connect LOCATOR]... [--mode peer|router] [--json]
                               start a router on 127.0.0.1 (free ports unless given), print its locator;
                               --mode router forwards between the routers it links (a mesh: start
                               each with --mode router --connect tcp/HOST:PORT of another)
  stop [--ws-port N]           stop the router(s) started by 'start'
  path                         print the router binary path`;

function fail(message) {
  console.error(message);
  process.exit(1);
}

function parseOptions(argv) {
  const opts = { json: false, connect: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value\n${USAGE}`);
      return v;
    };
    const port = () => {
      const v = value();
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > 65535) fail(`${a} must be a port number 1..65535, got '${v}'`);
      return n;
    };
    if (a === '--json') opts.json = true;
    else if (a === '--ws-port') opts.wsPort = port();
    else if (a === '--tcp-port') opts.tcpPort = port();
    else if (a === '--connect') opts.connect.push(value());
    else if (a === '--mode') {
      opts.mode = value();
      if (opts.mode !== 'peer' && opts.mode !== 'router') fail(`--mode must be peer or router, got '${opts.mode}'`);
    } else fail(`unknown option '${a}'\n${USAGE}`);
  }
  return opts;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const opts = parseOptions(rest);
  // With --json, stdout carries only the JSON answer; progress goes to stderr.
  const log = opts.json ? (line) => console.error(line) : (line) => console.log(line);
  switch (command) {
    case 'install': {
      const r = await installRouter({ log });
      if (!r.ok) fail(r.message);
      if (opts.json) console.log(JSON.stringify(r));
      return;
    }
    case 'start': {
      const binary = routerBinaryPath();
      const logFile = join(routerRunDir(), `router-${opts.wsPort ?? 'auto'}-${process.pid}.log`);
      mkdirSync(routerRunDir(), { recursive: true });
      let router;
      try {
        router = await startRouter({ ...opts, binary, detached: true, logFile });
      } catch (e) {
        fail(e.message);
      }
      recordRouter(router);
      const { locator, pid, wsPort, tcpPort, startupMs } = router;
      if (opts.json) console.log(JSON.stringify({ locator, pid, wsPort, tcpPort, startupMs, logFile }));
      else {
        console.log(`zenoh router up in ${startupMs} ms: ${locator} (pid ${pid}, tcp/127.0.0.1:${tcpPort})`);
        console.log(`log: ${logFile}; stop it with: node scripts/zenoh-router.mjs stop --ws-port ${wsPort}`);
      }
      return;
    }
    case 'stop': {
      const stopped = await stopRouter(opts.wsPort === undefined ? {} : { wsPort: opts.wsPort });
      if (opts.json) console.log(JSON.stringify(stopped));
      else if (stopped.length === 0) console.log('no router started by this tool is running');
      else for (const s of stopped) console.log(`stopped zenoh router ${s.locator} (pid ${s.pid})`);
      return;
    }
    case 'path':
      console.log(routerBinaryPath());
      return;
    default:
      fail(USAGE);
  }
}

await main();
