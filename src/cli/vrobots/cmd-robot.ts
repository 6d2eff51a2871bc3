/**
 * `vrobots robot create TYPE` and `vrobots robot delete ID`, straight on the manager keys:
 * a payload-less probe first (free to retry: it reserves nothing), then the real request
 * sent exactly once (a re-sent create that lands spawns a second robot).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describeThrown, err, type Executor, type PollClient, type ResultOf } from '../../index.js';
import {
  MANAGER_CREATE_KEY as CREATE_KEY,
  MANAGER_DELETE_KEY as DELETE_KEY,
  parseRobotType,
  RawBytesService,
  SrvAck,
  SrvVRobotCreate,
  SrvVRobotCreated,
  SrvVRobotDelete,
} from '../../vrobots/index.js';
import { type CliIo, ExitCode } from './cli-io.js';
import { NO_ROUTER_NOTE, openCliExecutor } from './cli-session.js';

const CLIENT_NAME = 'vrobots-cli';
const CLIENT_SRC_ID = 122;
const PROBE_ATTEMPT_MS = 1000;
/** A get with no manager ends at once: without a pause the probe would spin on the router. */
const PROBE_RETRY_PAUSE_MS = 100;

/** Probes the manager with payload-less GETs until one answers or the budget runs out. */
async function probeManager(
  executor: Executor,
  budgetMs: number,
): Promise<ResultOf<PollClient<Uint8Array, Uint8Array>>> {
  const node = executor.createNode(`vrobots_cli_${process.pid}`, { naming: 'raw' });
  if (!node.ok) return node;
  const probe = node.value.createPollClient(RawBytesService, CREATE_KEY, { requestBudgetMs: PROBE_ATTEMPT_MS });
  if (!probe.ok) return probe;
  const deadline = Date.now() + budgetMs;
  while (Date.now() < deadline) {
    const left = Math.max(1, Math.min(PROBE_ATTEMPT_MS, deadline - Date.now()));
    const started = Date.now();
    const answer = await probe.value.call(new Uint8Array(0), left);
    if (answer.ok) {
      probe.value.handle.reset();
      const client = node.value.createPollClient(RawBytesService, CREATE_KEY, { requestBudgetMs: budgetMs });
      return client;
    }
    const pause = Math.min(PROBE_RETRY_PAUSE_MS - (Date.now() - started), deadline - Date.now());
    if (pause > 0) await sleep(pause);
  }
  return err('Timeout', `no simulator manager answered on ${CREATE_KEY} within ${budgetMs}ms`);
}

/** Decodes a reply; a foreign responder's garbage becomes a refusal, not a throw. */
function decodeReply<M extends { ok: boolean; message: string }>(
  type: { decode(bytes: Uint8Array): M },
  bytes: Uint8Array,
  key: string,
): M | { ok: false; message: string } {
  try {
    return type.decode(bytes);
  } catch (thrown) {
    return { ok: false, message: `undecodable reply on ${key}: ${describeThrown(thrown)}` };
  }
}

function header(sysId: number, key: string) {
  return {
    srcId: CLIENT_SRC_ID,
    name: CLIENT_NAME,
    timestampNs: BigInt(Date.now()) * 1_000_000n,
    sysId,
    topicFullName: key,
    schemaVersion: 1,
  };
}

async function withManager(
  io: CliIo,
  router: string | undefined,
  what: string,
  run: (executor: Executor) => Promise<ExitCode>,
): Promise<ExitCode> {
  if (router === undefined) {
    io.err(`vrobots ${what}: no simulator manager in this process`);
    io.err(NO_ROUTER_NOTE);
    return ExitCode.Failed;
  }
  const executor = await openCliExecutor(router, io);
  if (!executor.ok) {
    io.err(`vrobots ${what}: ${executor.error.message}`);
    return ExitCode.Failed;
  }
  try {
    return await run(executor.value);
  } finally {
    await executor.value.shutdown();
  }
}

export function runRobotCreate(
  io: CliIo,
  router: string | undefined,
  robotType: string,
  timeoutMs: number,
): Promise<ExitCode> {
  // Aliases resolve here (as the SDK does); an unknown name goes as is, so the simulator's
  // refusal lists its catalog.
  const parsed = parseRobotType(robotType);
  const type = parsed.ok ? parsed.value : robotType;
  return withManager(io, router, 'robot create', async (executor) => {
    const client = await probeManager(executor, timeoutMs);
    if (!client.ok) {
      io.err(`vrobots robot create: ${client.error.message}`);
      return ExitCode.Failed;
    }
    const request = SrvVRobotCreate.encode(
      SrvVRobotCreate.create({
        header: header(0, CREATE_KEY),
        robotType: type,
        clientName: CLIENT_NAME,
        startActive: true,
      }),
    );
    const reply = await client.value.call(request, timeoutMs);
    if (!reply.ok) {
      io.err(
        `vrobots robot create: no reply to the create of '${type}' within ${timeoutMs}ms (not re-sent: a robot may have been created): ${reply.error.message}`,
      );
      return ExitCode.Failed;
    }
    const created = decodeReply(SrvVRobotCreated, reply.value, CREATE_KEY);
    if (!created.ok) {
      io.err(`vrobots robot create: refused: ${created.message}`);
      return ExitCode.Failed;
    }
    if (!('sysId' in created)) return ExitCode.Failed;
    io.out(String(created.sysId));
    io.err(`created ${created.robotType} '${created.robotName}' as sys_id ${created.sysId}`);
    return ExitCode.Ok;
  });
}

export function runRobotDelete(
  io: CliIo,
  router: string | undefined,
  sysId: number,
  timeoutMs: number,
): Promise<ExitCode> {
  return withManager(io, router, 'robot delete', async (executor) => {
    const probed = await probeManager(executor, timeoutMs);
    if (!probed.ok) {
      io.err(`vrobots robot delete: ${probed.error.message}`);
      return ExitCode.Failed;
    }
    probed.value.handle.reset();
    const node = executor.createNode(`vrobots_cli_delete_${process.pid}`, { naming: 'raw' });
    if (!node.ok) return ExitCode.Failed;
    const client = node.value.createPollClient(RawBytesService, DELETE_KEY, { requestBudgetMs: timeoutMs });
    if (!client.ok) {
      io.err(`vrobots robot delete: ${client.error.message}`);
      return ExitCode.Failed;
    }
    const reply = await client.value.call(
      SrvVRobotDelete.encode(SrvVRobotDelete.create({ header: header(sysId, DELETE_KEY), sysId })),
      timeoutMs,
    );
    if (!reply.ok) {
      io.err(`vrobots robot delete: no reply on ${DELETE_KEY} within ${timeoutMs}ms: ${reply.error.message}`);
      return ExitCode.Failed;
    }
    const answer = decodeReply(SrvAck, reply.value, DELETE_KEY);
    if (!answer.ok) {
      io.err(`vrobots robot delete: refused: ${answer.message}`);
      return ExitCode.Failed;
    }
    io.out(`deleted ${sysId}`);
    return ExitCode.Ok;
  });
}
