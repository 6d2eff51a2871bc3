/**
 * An action's five entities as rclcpp_action names them and rmw_zenoh keys them: the service
 * types mangled like any service (`pkg::action::dds_::Fibonacci_SendGoal_`, the Request_
 * suffix dropped), the status topic transient local keep-last 1, seen in the graph.
 */
import { describe, expect, it } from 'vitest';
import { Executor, example_interfaces, GoalResponse, CancelResponse, Result } from '../../../src/index.js';
import { dataKey } from '../../../src/rmw/wire/data-key.js';

const Fibonacci = example_interfaces.action.Fibonacci;

const unwrap = Result.unwrap;

describe('action entities on the wire', () => {
  it('keys send_goal, get_result and feedback as rmw_zenoh does', () => {
    const key = (name: string, t: { typeName: string; typeHash: string }) =>
      unwrap(dataKey(0, { naming: 'ros', name, typeName: t.typeName, typeHash: t.typeHash }));
    expect(key('/fibonacci/_action/send_goal', Fibonacci.SendGoal)).toBe(
      '0/fibonacci/_action/send_goal/example_interfaces::action::dds_::Fibonacci_SendGoal_/RIHS01_d1a57fb2a4afe8c21e34fb10db206f16ce6729b28531141472df92277c55b557',
    );
    expect(key('/fibonacci/_action/get_result', Fibonacci.GetResult)).toMatch(
      /^0\/fibonacci\/_action\/get_result\/example_interfaces::action::dds_::Fibonacci_GetResult_\/RIHS01_1b0de0d5/,
    );
    expect(key('/fibonacci/_action/feedback', Fibonacci.FeedbackMessage)).toMatch(
      /^0\/fibonacci\/_action\/feedback\/example_interfaces::action::dds_::Fibonacci_FeedbackMessage_\/RIHS01_/,
    );
  });

  it('declares three services and two topics under <action>/_action with their ROS types and QoS', async () => {
    const e = unwrap(await Executor.create({ backend: 'local' }));
    try {
      const n = unwrap(e.createNode('srv', { namespace: '/robot' }));
      unwrap(
        n.createActionServer(Fibonacci, 'fibonacci', {
          goal: () => GoalResponse.Reject,
          cancel: () => CancelResponse.Reject,
          accepted: () => {},
        }),
      );
      const services = unwrap(n.getServiceNamesAndTypes());
      expect(services.get('/robot/fibonacci/_action/send_goal')).toEqual([
        'example_interfaces/action/Fibonacci_SendGoal',
      ]);
      expect(services.get('/robot/fibonacci/_action/cancel_goal')).toEqual(['action_msgs/srv/CancelGoal']);
      expect(services.get('/robot/fibonacci/_action/get_result')).toEqual([
        'example_interfaces/action/Fibonacci_GetResult',
      ]);
      const topics = unwrap(n.getTopicNamesAndTypes());
      expect(topics.get('/robot/fibonacci/_action/feedback')).toEqual([
        'example_interfaces/action/Fibonacci_FeedbackMessage',
      ]);
      expect(topics.get('/robot/fibonacci/_action/status')).toEqual(['action_msgs/msg/GoalStatusArray']);
      const status = unwrap(n.getEndpoints()).find((ep) => ep.name === '/robot/fibonacci/_action/status');
      expect(status?.qos).toMatchObject({
        durability: 'transient_local',
        history: 'keep_last',
        depth: 1,
        reliability: 'reliable',
      });
    } finally {
      await e.shutdown();
    }
  });
});
