/**
 * ex13 arm_rti: the arm's real-time interface. Pair with rti_connect (RTI: one target per
 * 4 ms tick over udp), claim, stream a sine sweep from a callback on the executor, watch the
 * state the arm sends back every tick, then release and disconnect. A refusal shows its code.
 *   npx tsx examples/vrobots/ex13_arm_rti.ts [--router ws/HOST:PORT] [--seconds N]
 * Over a router the arm's stream port must be reachable from here (the simulator's host).
 */
import { RtiClient, VirtualRobot } from '../../src/vrobots/index.js';
import { fmt, startExample } from './example-env.js';

const env = await startExample('arm_rti');
if (env !== undefined) {
  const connected = await VirtualRobot.connect('arm', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    console.log(`arm ${robot.sysId} connected`);
    const opened = await RtiClient.open(robot);
    if (!opened.ok) env.fail('RtiClient.open', opened);
    else {
      const rti = opened.value;
      // Nothing is sent for a transport that is not udp/tcp.
      const refused = await rti.connect({ transport: 'quic' as 'udp' });
      if (!refused.ok) console.log(`refused before sending: ${refused.error.vendor}: ${refused.error.detail}`);
      const session = await rti.connect({ wait: true });
      if (!session.ok) env.fail('rti_connect', session);
      // A second connect in the other mode while this session lives: 6010.
      const other = await rti.connect({ rateHz: 50 });
      if (!other.ok) console.log(`rti_connect(rate_hz=50) refused: ${other.error.rtiCode} ${other.error.rtiCodeName}`);
      const claimed = await rti.claim();
      if (!claimed.ok) env.fail('rti_claim', claimed);
      const ticks = Math.round((env.seconds * 1000) / 4);
      const stream = rti.stream((i) => {
        if (i >= ticks) return undefined;
        const a = 0.15 * Math.sin((2 * Math.PI * 0.5 * i * 4) / 1000);
        return [a, -a / 2, a / 2, 0, a, 0];
      });
      if (!stream.ok) env.fail('stream', stream);
      else {
        const off = rti.onState((s) => {
          if (s.tick % 125 === 0)
            console.log(`tick ${s.tick}: joint 1 ${fmt(s.positions[0] ?? 0, 4)} rad, applied #${s.appliedSeq}`);
        });
        await stream.value.done;
        off();
        console.log(`${stream.value.sent()} targets sent`);
      }
      const status = await rti.latestStatus();
      if (status.ok) {
        const s = status.value;
        console.log(`status: claimed ${s.claimed}, last stop '${s.stopReason || '-'}', tick ${s.tick}`);
      }
      const stats = rti.streamStats();
      if (stats !== undefined) console.log(`${stats.statesReceived} state datagrams received`);
      await rti.release();
      const left = await rti.disconnect();
      if (!left.ok) env.fail('rti_disconnect', left);
      await rti.close();
    }
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
