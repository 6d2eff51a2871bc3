/**
 * The console's session in a Web Worker: the executor, the in-page simulator when there is no
 * router, the subscription on every robot's state (decoded here) and the robot handles. The page's
 * thread then only draws: it receives the samples in batches, packed, at most once per
 * FLUSH_MS, and asks for actions by message.
 */
import {
  ARM_KNOBS,
  type ArmKnob,
  formatVrError,
  isRobotType,
  type VrResult,
  type State,
  type VrResultOf,
} from '../../src/vrobots/index.js';
import { type ArmView, armViewOf } from './arm-view.js';
import { ConsoleLink } from './console-link.js';
import { DRIVES } from './drive.js';
import type { FromWorker, Outcome, SessionOp, ToWorker } from './session-protocol.js';
import { packState, SAMPLE_WIDTH } from './state-sample.js';

/** About one display frame: batching finer would only add messages. */
const FLUSH_MS = 16;

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

let link: ConsoleLink | undefined;
/** The samples since the last flush, packed as they arrive; grown by doubling, handed over by transfer. */
let pending = new Float64Array(256 * SAMPLE_WIDTH);
let pendingCount = 0;
let armStatuses: ArmView[] = [];

function flush(): void {
  if (armStatuses.length > 0) {
    scope.postMessage({ type: 'arms', statuses: armStatuses });
    armStatuses = [];
  }
  if (pendingCount === 0) return;
  const packed = pending.slice(0, pendingCount * SAMPLE_WIDTH);
  pendingCount = 0;
  scope.postMessage({ type: 'samples', packed }, [packed.buffer]);
}

function keep(state: State, arrivalMs: number): void {
  if ((pendingCount + 1) * SAMPLE_WIDTH > pending.length) {
    const grown = new Float64Array(pending.length * 2);
    grown.set(pending);
    pending = grown;
  }
  packState(state, arrivalMs, pending, pendingCount * SAMPLE_WIDTH);
  pendingCount++;
}

/** Whether a transport event says the router link is down (false), back (true), or neither. */
function healthOf(message: string): boolean | undefined {
  if (/^(connection_lost|stalled)\b/.test(message)) return false;
  if (/^(reconnected|stall_ended)\b/.test(message)) return true;
  return undefined;
}

function outcomeOf(result: VrResult | VrResultOf<unknown>, value?: number | string): Outcome {
  if (!result.ok) return { ok: false, message: formatVrError(result.error) };
  return value === undefined ? { ok: true } : { ok: true, value };
}

async function run(request: SessionOp): Promise<Outcome> {
  if (link === undefined) return { ok: false, message: 'the session is not open' };
  if (request.op === 'topics') {
    const listed = await link.topics(request.windowMs);
    if (!listed.ok) return listed;
    return { ok: true, value: listed.value.rows.map((r) => ({ key: r.key, hz: r.hz, bytes: r.bytes })) };
  }
  if (!isRobotType(request.robotType)) return { ok: false, message: `unknown robot type '${request.robotType}'` };
  if (request.op === 'create') {
    const made = await link.create(request.robotType);
    return made.ok ? { ok: true, value: made.value.sysId } : outcomeOf(made);
  }
  if (request.op === 'armKnob') {
    if (!Object.hasOwn(ARM_KNOBS, request.knob)) return { ok: false, message: `'${request.knob}' is not an arm knob` };
    const arm = await link.arm(request.sysId);
    if (!arm.ok) return outcomeOf(arm);
    // The raw call, so the page shows the arm's own sentence on success too ("homed", ...).
    const answered = await arm.value.calls.call(request.knob as ArmKnob, request.args);
    return answered.ok ? { ok: true, value: answered.value.message } : outcomeOf(answered);
  }
  const handle = await link.robot(request.sysId, request.robotType);
  if (!handle.ok) return outcomeOf(handle);
  const robot = handle.value;
  switch (request.op) {
    case 'activate':
      return outcomeOf(await robot.activate());
    case 'reset':
      return outcomeOf(await robot.reset());
    case 'delete': {
      const done = await robot.delete();
      if (done.ok) link.forget(robot.sysId);
      return outcomeOf(done);
    }
    case 'readSkin': {
      const skin = await robot.skin();
      return outcomeOf(skin, skin.ok ? skin.value : undefined);
    }
    case 'sceneFrame': {
      const frame = await robot.sceneFrame();
      return outcomeOf(frame, frame.ok ? frame.value : undefined);
    }
    case 'drive': {
      const drive = DRIVES[robot.robotType];
      if (drive === undefined) return { ok: false, message: `no drive slider for ${robot.robotType}` };
      return outcomeOf(drive.send(robot, request.value, request.steer));
    }
    case 'setSkin':
      return outcomeOf(await robot.setSkin(request.skin));
    case 'setMass':
      return outcomeOf(await robot.setPhysicalParams({ mass: request.kg }));
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'open') {
    void ConsoleLink.open(message.router, {
      state: keep,
      armStatus: (status, arrivalMs) => armStatuses.push(armViewOf(status, arrivalMs)),
      event: (event) => {
        if (event.type !== 'transport') return;
        scope.postMessage({ type: 'transport', message: event.message, healthy: healthOf(event.message) });
      },
    }).then((opened) => {
      if (!opened.ok) {
        scope.postMessage({ type: 'failed', message: opened.message });
        return;
      }
      link = opened.value;
      setInterval(flush, FLUSH_MS);
      scope.postMessage({ type: 'opened', mode: link.mode });
    });
    return;
  }
  void run(message.request).then(
    (outcome) => scope.postMessage({ type: 'reply', id: message.id, outcome }),
    (thrown: unknown) =>
      scope.postMessage({
        type: 'reply',
        id: message.id,
        outcome: { ok: false, message: `internal error: ${thrown instanceof Error ? thrown.message : String(thrown)}` },
      }),
  );
};
