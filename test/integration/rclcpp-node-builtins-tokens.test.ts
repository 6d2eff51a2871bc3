/**
 * The liveliness tokens a ros node of rclts puts on the real router besides its own entities,
 * compared with what an rclpy node on rmw_zenoh_cpp 0.6.6 declares (rmw-zenoh spec): /rosout,
 * /parameter_events, the six parameter services and ~/get_type_description, each with the QoS
 * chunk rmw_zenoh's qos_to_keyexpr writes for rcl's profile; action services at keep last 10.
 * Read with a plain zenoh-ts session of the test, not through rclts.
 */
import type { Reply, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { CancelResponse, Executor, example_interfaces, GoalResponse } from '../../src/index.js';
import { loadZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import { sharedLocator, uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close().catch(() => undefined)));
});

/** A zenoh-ts session of the test (an application: it gives zenoh-ts the WebSocket Node lacks). */
async function plainSession(): Promise<Session> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WsWebSocket;
  const s = await z.value.Session.open(new z.value.Config(sharedLocator()));
  opened.push(s);
  return s;
}

/** `kind name type qos` of every endpoint token of node `/<ns>/<name>` alive now. */
async function endpointsOf(session: Session, ns: string, name: string): Promise<string[]> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  const keys: string[] = [];
  await new Promise<void>((resolve, reject) => {
    session
      .liveliness()
      .get('@ros2_lv/**', {
        timeout: z.value.Duration.milliseconds.of(2000),
        handler: [
          (r: Reply) => {
            const s = r.result();
            if (s instanceof z.value.Sample) keys.push(s.keyexpr().toString());
          },
          () => resolve(),
        ],
      })
      .catch(reject);
  });
  return keys
    .map((k) => k.split('/'))
    .filter((p) => p[7] === `%${ns}` && p[8] === name && p[5] !== 'NN')
    .map((p) => `${p[5]} ${(p[9] ?? '').replaceAll('%', '/')} ${p[10]} ${p[12]}`)
    .sort();
}

describe('the built-ins of a ros node on the router', () => {
  it('are the tokens an rclpy node declares, with rcl QoS; the opt-outs remove them; action services at depth 10', async () => {
    const executor = await Executor.create({ router: sharedLocator() });
    if (!executor.ok) throw new Error(executor.error.message);
    opened.push({ close: () => executor.value.shutdown() });
    const ns = uniquePrefix('builtins');
    const node = executor.value.createNode('talker', { namespace: `/${ns}` });
    if (!node.ok) throw new Error(node.error.message);
    const fib = node.value.createActionServer(example_interfaces.action.Fibonacci, 'fib', {
      goal: () => GoalResponse.Reject,
      cancel: () => CancelResponse.Reject,
      accepted: () => {},
    });
    if (!fib.ok) throw new Error(fib.error.message);
    const bare = executor.value.createNode('bare', {
      namespace: `/${ns}`,
      startParameterServices: false,
      startParameterEventPublisher: false,
      startTypeDescriptionService: false,
      enableRosout: false,
    });
    if (!bare.ok) throw new Error(bare.error.message);
    const watcher = await plainSession();
    const me = `/${ns}/talker`;
    const param = (srv: string, type: string) => `SS ${me}/${srv} rcl_interfaces::srv::dds_::${type}_ ::,1000:,:,:,,`;
    const action = `/${ns}/fib/_action`;
    const expected = [
      'MP /rosout rcl_interfaces::msg::dds_::Log_ :1:,1000:,:10,0:,,',
      'MP /parameter_events rcl_interfaces::msg::dds_::ParameterEvent_ ::,1000:,:,:,,',
      param('describe_parameters', 'DescribeParameters'),
      param('get_parameter_types', 'GetParameterTypes'),
      param('get_parameters', 'GetParameters'),
      param('list_parameters', 'ListParameters'),
      param('set_parameters', 'SetParameters'),
      param('set_parameters_atomically', 'SetParametersAtomically'),
      `SS ${me}/get_type_description type_description_interfaces::srv::dds_::GetTypeDescription_ ::,10:,:,:,,`,
      `SS ${action}/send_goal example_interfaces::action::dds_::Fibonacci_SendGoal_ ::,10:,:,:,,`,
      `SS ${action}/get_result example_interfaces::action::dds_::Fibonacci_GetResult_ ::,10:,:,:,,`,
      `SS ${action}/cancel_goal action_msgs::srv::dds_::CancelGoal_ ::,10:,:,:,,`,
      `MP ${action}/feedback example_interfaces::action::dds_::Fibonacci_FeedbackMessage_ ::,10:,:,:,,`,
      `MP ${action}/status action_msgs::msg::dds_::GoalStatusArray_ :1:,1:,:,:,,`,
    ].sort();
    let got: string[] = [];
    for (let i = 0; i < 50 && got.length < expected.length; i++) {
      got = await endpointsOf(watcher, ns, 'talker');
      if (got.length < expected.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(got).toEqual(expected);
    expect(await endpointsOf(watcher, ns, 'bare')).toEqual([]);
  }, 30_000);
});
