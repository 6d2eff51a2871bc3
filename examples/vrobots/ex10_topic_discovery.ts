/**
 * ex10 topic_discovery: which vrobots keys speak (vrobots/**), and the measured rate of one
 * robot's state — what `vrobots topic list` and `vrobots topic hz` print.
 *   npx tsx examples/vrobots/ex10_topic_discovery.ts [--router ws/HOST:PORT] [--seconds N]
 */
import { VirtualRobot } from '../../src/vrobots/index.js';
import { fmt, startExample } from './example-env.js';

const env = await startExample('topic_discovery', { defaultSeconds: 1.5 });
if (env !== undefined) {
  const connected = await VirtualRobot.connect('truck', undefined, env.options);
  if (!connected.ok) {
    env.fail('connect', connected);
  } else {
    const robot = connected.value;
    // Commands at 10 Hz so that z/cmd speaks too (our own publishes are seen as well).
    const ticker = setInterval(() => robot.setCar(1500, 1600), 100);
    const listing = await robot.listTopics(env.seconds * 1000);
    clearInterval(ticker);
    if (!listing.ok) env.fail('listTopics', listing);
    else {
      console.log('wire  Hz     bytes  topic');
      for (const row of listing.value.rows)
        console.log(`[${row.wire}]   ${fmt(row.hz, 1).padStart(5)}  ${fmt(row.bytes, 0).padStart(5)}  ${row.key}`);
    }
    const key = `vrobots/${robot.sysId}/z/state`;
    const report = await robot.measureRate(key, env.seconds * 1000);
    if (!report.ok) env.fail('measureRate', report);
    else {
      const r = report.value;
      const lat = r.latency === undefined ? '' : `, latency ${fmt(r.latency.meanMs, 1)} ms`;
      console.log(`${key}: ${fmt(r.rateHz, 1)} Hz over ${r.samples} samples${lat}`);
    }
    const deleted = await robot.delete();
    if (!deleted.ok) env.fail('delete', deleted);
    env.report(robot);
    await robot.close();
  }
  await env.done();
}
