/**
 * The reconnection probe of the faults: one raw rmw session per router, opened once and kept
 * across faults (they reconnect by themselves, as every rclts session does), each with a
 * publisher and a subscription on one probe key. A round is complete when every session has
 * heard a sample of this round from every other one: traffic crosses each router and the mesh
 * link between them, so the round measures when a faulted router or link carries data again.
 */
import type { RmwEndpointSpec, RmwPublisher, RmwSession } from '../../../src/rmw/rmw.js';
import { openZenohRmwSession } from '../../../src/rmw/zenoh/index.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';
import type { SoakRouter } from '../contract.js';

/** Publishing period of a round in progress. */
const ROUND_STEP_MS = 20;
const OPEN_BUDGET_MS = 10_000;

/** `ws://HOST:PORT` (the contract's) or `ws/HOST:PORT` as rclts's locator. */
export function locatorOf(wsUrl: string): string {
  const m = /^(wss?):\/\/([^/]+)\/?$/.exec(wsUrl);
  return m === null ? wsUrl : `${m[1]}/${m[2]}`;
}

function probeSpec(key: string): RmwEndpointSpec {
  return {
    naming: 'raw',
    name: key,
    typeName: 'soak/msg/Probe',
    typeHash: 'TypeHashNotSupported',
    qos: ROS_DEFAULT_QOS,
  };
}

interface Member {
  readonly session: RmwSession;
  readonly pub: RmwPublisher;
  /** Senders heard in the current round. */
  readonly heard: Set<number>;
}

let probes = 0;

export class MeshProbe {
  private round = 0;
  private constructor(private readonly members: readonly Member[]) {}

  /** One session per router's WebSocket; throws (test/harness code) when one cannot open. */
  static async open(routers: readonly Pick<SoakRouter, 'wsUrl'>[]): Promise<MeshProbe> {
    probes += 1;
    const key = `soak_probe/p${process.pid}_${probes}`;
    const members: Member[] = [];
    const decoder = new TextDecoder();
    let probe: MeshProbe | undefined;
    for (const router of routers) {
      const s = await openZenohRmwSession(locatorOf(router.wsUrl), { connectBudgetMs: OPEN_BUDGET_MS });
      if (!s.ok) throw new Error(`mesh probe: cannot open a session on ${router.wsUrl}: ${s.error.message}`);
      const node = s.value.createNode({ name: `soak_probe_${members.length}`, namespace: '/', enclave: '/' });
      if (!node.ok) throw new Error(`mesh probe: node: ${node.error.message}`);
      const pub = node.value.createPublisher(probeSpec(key));
      if (!pub.ok) throw new Error(`mesh probe: publisher: ${pub.error.message}`);
      const heard = new Set<number>();
      const self = members.length;
      const sub = node.value.createSubscriber(probeSpec(key), (sample) => {
        // "<round>:<sender>"; samples of earlier rounds (late after a fault) do not count.
        const [round, sender] = decoder.decode(sample.payload).split(':').map(Number);
        if (probe !== undefined && round === probe.round && sender !== undefined && sender !== self) heard.add(sender);
      });
      if (!sub.ok) throw new Error(`mesh probe: subscription: ${sub.error.message}`);
      members.push({ session: s.value, pub: pub.value, heard });
    }
    probe = new MeshProbe(members);
    return probe;
  }

  /**
   * Publishes from every session until each heard every other, or the budget ran out: the
   * milliseconds it took, or undefined. Publishing while a session is still reconnecting
   * answers TransportError; that is expected here and only means: not yet.
   */
  async roundTrip(budgetMs: number): Promise<number | undefined> {
    this.round += 1;
    const started = Date.now();
    const encoder = new TextEncoder();
    for (const m of this.members) m.heard.clear();
    const done = () => this.members.every((m) => m.heard.size >= this.members.length - 1);
    while (!done()) {
      if (Date.now() - started > budgetMs) return undefined;
      this.members.forEach((m, i) => void m.pub.publish(encoder.encode(`${this.round}:${i}`)));
      await new Promise((r) => setTimeout(r, ROUND_STEP_MS));
    }
    return Date.now() - started;
  }

  async close(): Promise<void> {
    await Promise.all(this.members.map((m) => m.session.close()));
  }
}
