#!/usr/bin/env node
// The zenoh router rclts tests and examples run against (see zenoh-router-lib.mjs).
//   node scripts/zenoh-router.mjs install              build it once (cached), at the pinned zenoh release
//   node scripts/zenoh-router.mjs start [--ws-port N] [--tcp-port N] [--connect tcp/H:P] [--mode router] [--worker-threads N] [--json]
//   node scripts/zenoh-router.mjs stop [--ws-port N]   stop routers this tool started (by recorded pid)
//   node scripts/zenoh-router.mjs path                 print the router binary path
//   node scripts/zenoh-router.mjs certs DIR [NAME...]  make a test CA and certificates with openssl
// Secure profiles (docs/deployment.md): --wss-cert/--wss-key (TLS on the WebSocket, wss/),
// --tls-ca/--tls-cert/--tls-key [--mtls] (TLS links), --users FILE / --user U --password P
// (zenoh user/password authentication), --acl FILE (zenoh access control, JSON).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestCertificates } from './zenoh-router-certs.mjs';
import { startGate } from './zenoh-router-gate.mjs';
import {
  installRouter,
  pinnedZenohVersion,
  recordRouter,
  routerBinaryPath,
  routerRunDir,
  startRouter,
  stopRouter,
  usrpwdConfig,
  vrobotsSimulatorAcl,
} from './zenoh-router-lib.mjs';

const USAGE = `usage: node scripts/zenoh-router.mjs <install|start|stop|path|certs|gate|acl-profile> [options]
  install                      build zenoh-bridge-remote-api ${pinnedZenohVersion()} once into the cache
  start [--ws-port N] [--tcp-port N] [--connect LOCATOR]... [--mode peer|router] [--worker-threads N] [--json]
                               start a router on 127.0.0.1 (free ports unless given), print its locator;
                               --worker-threads: threads serving the WebSockets (default 1: the lowest
                               latency measured; TOKIO_WORKER_THREADS in the environment also sets it)
                               --mode router forwards between the routers it links (a mesh: start
                               each with --mode router --connect tcp/HOST:PORT of another)
    [--wss-cert PEM --wss-key PEM]                   TLS on the WebSocket: rclts connects to wss/
    [--tls-ca PEM --tls-cert PEM --tls-key PEM [--mtls]]
                                                      TLS on the links to other routers (tls/), mutual with --mtls
    [--users FILE] [--user NAME --password PW]        user/password authentication of zenoh peers
    [--acl FILE]                                      zenoh access control (the access_control object, JSON)
  stop [--ws-port N]           stop the router(s) started by 'start'
  path                         print the router binary path
  certs DIR [NAME...]          make a test CA, one certificate per NAME (default: router), and an unrelated CA
  gate --to PORT [--ws-port N] [--host H] [--origin ORIGIN]... [--token-file FILE] [--wss-cert PEM --wss-key PEM]
                               run (in the foreground) a WebSocket gate in front of a router's plugin on
                               127.0.0.1:PORT: browsers' Origin must be listed, a token (?token=) when given
  acl-profile vrobots [--client-user NAME]... [--client-cn NAME]...
                               print the vrobots access control (for --acl) of the simulator's router,
                               toward the clients' routers named by user name or certificate common name`;

function fail(message) {
  console.error(message);
  process.exit(1);
}

function parseOptions(argv) {
  const opts = { json: false, connect: [], positionals: [], clientUsers: [], clientCns: [], origins: [] };
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
    else if (a === '--worker-threads') {
      const v = value();
      opts.workerThreads = Number(v);
      if (!/^\d+$/.test(v) || opts.workerThreads < 1 || opts.workerThreads > 1024)
        fail(`--worker-threads must be an integer 1..1024, got '${v}'`);
    } else if (a === '--connect') opts.connect.push(value());
    else if (a === '--wss-cert') opts.wssCert = value();
    else if (a === '--wss-key') opts.wssKey = value();
    else if (a === '--tls-ca') opts.tlsCa = value();
    else if (a === '--tls-cert') opts.tlsCert = value();
    else if (a === '--tls-key') opts.tlsKey = value();
    else if (a === '--mtls') opts.mtls = true;
    else if (a === '--users') opts.users = value();
    else if (a === '--user') opts.user = value();
    else if (a === '--password') opts.password = value();
    else if (a === '--acl') opts.acl = value();
    else if (a === '--client-user') opts.clientUsers.push(value());
    else if (a === '--to') opts.to = port();
    else if (a === '--host') opts.host = value();
    else if (a === '--origin') opts.origins.push(value());
    else if (a === '--token-file') opts.tokenFile = value();
    else if (a === '--client-cn') opts.clientCns.push(value());
    else if (a === '--mode') {
      opts.mode = value();
      if (opts.mode !== 'peer' && opts.mode !== 'router') fail(`--mode must be peer or router, got '${opts.mode}'`);
    } else if (a.startsWith('-')) fail(`unknown option '${a}'\n${USAGE}`);
    else opts.positionals.push(a);
  }
  return opts;
}

/** The secure-profile options as startRouter options (wss, linkTls, config). */
function secureProfile(opts) {
  const out = { config: {} };
  if ((opts.wssCert === undefined) !== (opts.wssKey === undefined)) fail('--wss-cert and --wss-key go together');
  if (opts.wssCert !== undefined) out.wss = { certificate: opts.wssCert, privateKey: opts.wssKey };
  const tls = [opts.tlsCa, opts.tlsCert, opts.tlsKey];
  if (tls.some((x) => x !== undefined)) {
    if (tls.some((x) => x === undefined)) fail('--tls-ca, --tls-cert and --tls-key go together');
    out.linkTls = { ca: opts.tlsCa, certificate: opts.tlsCert, privateKey: opts.tlsKey, mutual: opts.mtls === true };
  } else if (opts.mtls) fail('--mtls needs --tls-ca, --tls-cert and --tls-key');
  if ((opts.user === undefined) !== (opts.password === undefined)) fail('--user and --password go together');
  Object.assign(out.config, usrpwdConfig({ dictionaryFile: opts.users, user: opts.user, password: opts.password }));
  if (opts.acl !== undefined) {
    try {
      out.config.access_control = JSON.parse(readFileSync(opts.acl, 'utf8'));
    } catch (e) {
      fail(`--acl ${opts.acl} must hold zenoh's access_control object as JSON: ${e.message}`);
    }
  }
  return out;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const opts = parseOptions(rest);
  if (opts.positionals.length > 0 && command !== 'certs' && command !== 'acl-profile')
    fail(`unexpected argument '${opts.positionals[0]}'\n${USAGE}`);
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
        const { wsPort, tcpPort, connect, mode, workerThreads } = opts;
        const profile = secureProfile(opts);
        const where = { wsPort, tcpPort, connect, mode, workerThreads };
        router = await startRouter({ ...where, ...profile, binary, detached: true, logFile });
      } catch (e) {
        fail(e.message);
      }
      recordRouter(router);
      const { locator, pid, wsPort, tcpPort, startupMs } = router;
      const { linkLocator } = router;
      if (opts.json) console.log(JSON.stringify({ locator, linkLocator, pid, wsPort, tcpPort, startupMs, logFile }));
      else {
        console.log(`zenoh router up in ${startupMs} ms: ${locator} (pid ${pid}, ${router.linkLocator})`);
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
    case 'certs': {
      const [dir, ...names] = opts.positionals;
      if (dir === undefined) fail(`certs needs a directory\n${USAGE}`);
      let made;
      try {
        made = makeTestCertificates(dir, names.length > 0 ? names : ['router']);
      } catch (e) {
        fail(e.message);
      }
      if (opts.json) console.log(JSON.stringify(made));
      else console.log(`test CA ${made.ca}; certificates: ${Object.keys(made.leaves).join(', ')} in ${dir}`);
      return;
    }
    case 'gate': {
      if (opts.to === undefined) fail(`gate needs --to PORT (the plugin's WebSocket port on 127.0.0.1)\n${USAGE}`);
      const { wss } = secureProfile(opts);
      let token;
      if (opts.tokenFile !== undefined) {
        try {
          token = readFileSync(opts.tokenFile, 'utf8').trim();
        } catch (e) {
          fail(`--token-file ${opts.tokenFile}: ${e.message}`);
        }
      }
      let gate;
      try {
        gate = await startGate({
          host: opts.host ?? '127.0.0.1',
          port: opts.wsPort ?? 0,
          target: { host: '127.0.0.1', port: opts.to },
          origins: opts.origins,
          token,
          tls: wss,
          onRefused: (why) => console.error(`refused ${why}`),
        });
      } catch (e) {
        fail(`cannot start the gate: ${e.message}`);
      }
      console.log(
        `gate up: ${gate.locator} -> ws/127.0.0.1:${opts.to}; Origins allowed: ${opts.origins.join(', ') || '(none: browsers refused)'}; token ${token === undefined ? 'not required' : 'required'}`,
      );
      const stop = () => gate.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return;
    }
    case 'acl-profile': {
      if (opts.positionals[0] !== 'vrobots' || opts.positionals.length !== 1)
        fail(`acl-profile knows one profile: vrobots\n${USAGE}`);
      try {
        const acl = vrobotsSimulatorAcl({ usernames: opts.clientUsers, certCommonNames: opts.clientCns });
        console.log(JSON.stringify(acl, null, 2));
      } catch (e) {
        fail(`${e.message} (--client-user NAME or --client-cn NAME)`);
      }
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
