/**
 * The rclcpp programs ported in examples/ported/ do their job in-process (the default
 * backend): each node is built as rclcpp composes components, on one executor, and checked
 * by what another node observes and by what its logger wrote.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { main as clientMain, runClient } from '../examples/ported/add_two_ints_client.js';
import { AddTwoIntsServer } from '../examples/ported/add_two_ints_server.js';
import { DummyLaser, runGameLoop } from '../examples/ported/dummy_laser_game_loop.js';
import { EvenParameterNode } from '../examples/ported/even_parameters_node.js';
import { FibonacciActionClient } from '../examples/ported/fibonacci_action_client.js';
import { FibonacciActionServer } from '../examples/ported/fibonacci_action_server.js';
import { LifecycleTalker } from '../examples/ported/lifecycle_talker.js';
import { Listener, main as listenerMain } from '../examples/ported/listener.js';
import { OdometryPublisher } from '../examples/ported/odometry_publisher.js';
import { Talker, main as talkerMain } from '../examples/ported/talker.js';
import {
  Executor,
  example_interfaces,
  GoalStatus,
  LifecycleClient,
  LogLevel,
  ParametersClient,
  QoS,
  Result,
  std_msgs,
  tf2,
} from '../src/index.js';
import { nav_msgs, rosgraph_msgs, sensor_msgs, tf2_msgs } from '../src/rclcpp/interfaces/generated/index.js';
import { captureConsole } from './support/rclcpp-logging-fixture.js';

const logged = captureConsole();

function linesOf(name: string): string[] {
  return logged.records.filter((r) => r.name === name).map((r) => r.message);
}

async function withExecutor(run: (executor: Executor) => Promise<void>): Promise<void> {
  const executor = Result.expect(await Executor.create(), 'create the executor');
  try {
    await run(executor);
  } finally {
    await executor.shutdown();
  }
}

const { AddTwoInts_Request } = example_interfaces.srv;

describe('examples/ported: demo_nodes_cpp talker and listener', () => {
  it('the listener hears what the talker says, and both log it as rclcpp does', () =>
    withExecutor(async (executor) => {
      let heard: string[] = [];
      Result.expect(Talker.create(executor, { periodMs: 5 }), 'talker');
      Result.expect(
        Listener.create(executor, {
          onHeard: (msg, n) => {
            heard = [...heard, msg.data];
            if (n >= 3) executor.cancel();
          },
        }),
        'listener',
      );
      expect((await executor.spinFor(5000)).ok).toBe(true);
      expect(heard.slice(0, 3)).toEqual(['Hello World: 1', 'Hello World: 2', 'Hello World: 3']);
      expect(linesOf('talker').slice(0, 3)).toEqual([1, 2, 3].map((n) => `Publishing: 'Hello World: ${n}'`));
      expect(linesOf('listener').slice(0, 3)).toEqual([1, 2, 3].map((n) => `I heard: [Hello World: ${n}]`));
      expect(logged.records.every((r) => r.severity === LogLevel.Info)).toBe(true);
    }));

  it('--ros-args remaps reach the node as rclcpp argv does: a remapped talker is not heard on chatter', () =>
    withExecutor(async (executor) => {
      let heard = 0;
      Result.expect(
        Talker.create(executor, { periodMs: 5, arguments: ['--ros-args', '-r', 'chatter:=other'] }),
        'talker',
      );
      Result.expect(Listener.create(executor, { onHeard: () => void heard++ }), 'listener');
      Result.expect(
        Listener.create(executor, {
          arguments: ['--ros-args', '-r', '__node:=other_listener', '-r', 'chatter:=other'],
          onHeard: (_m, n) => n >= 2 && executor.cancel(),
        }),
        'remapped listener',
      );
      await executor.spinFor(5000);
      expect(heard).toBe(0);
      expect(linesOf('other_listener').length).toBeGreaterThanOrEqual(2);
    }));
});

describe('examples/ported: demo_nodes_cpp add_two_ints server and client', () => {
  it('the client gets 2 + 3 = 5 and logs it; the one_shot server stops after serving', () =>
    withExecutor(async (executor) => {
      const server = Result.expect(
        AddTwoIntsServer.create(executor, { arguments: ['--ros-args', '-p', 'one_shot:=true'] }),
        'server',
      );
      const serving = executor.spin();
      const sum = await runClient(executor, AddTwoInts_Request.create({ a: 2n, b: 3n }), 5000);
      expect(sum).toEqual({ ok: true, value: 5n });
      expect((await Promise.race([serving, sleep(3000).then(() => 'still spinning')])) as unknown).toEqual({
        ok: true,
      });
      expect(server.sawRequest).toBe(true);
      expect(linesOf('add_two_ints_server')).toEqual(['Incoming request\na: 2 b: 3']);
      expect(linesOf('add_two_ints_client')).toEqual(['Result of add_two_ints: 5']);
    }));

  it('with no server the client logs the wait, gives up within its budget and says why', () =>
    withExecutor(async (executor) => {
      const sum = await runClient(executor, AddTwoInts_Request.create({ a: 2n, b: 3n }), 2500);
      expect(sum.ok ? 'ok' : sum.error.name).toBe('Timeout');
      const lines = linesOf('add_two_ints_client');
      const waits = lines.filter((l) => l === 'service not available, waiting again...').length;
      expect(waits).toBeGreaterThanOrEqual(1);
      expect(waits).toBeLessThanOrEqual(2);
      expect(lines.at(-1)).toMatch(/^No result of add_two_ints: .*add_two_ints/);
    }));
});

describe('examples/ported: demo_nodes_cpp even_parameters_node', () => {
  it('another node setting myint over the parameter services: even accepted, odd and non-integers refused with the reasons', () =>
    withExecutor(async (executor) => {
      const even = Result.expect(EvenParameterNode.create(executor), 'even_parameters_node');
      const caller = Result.expect(executor.createNode('param_caller'), 'caller');
      const remote = Result.expect(ParametersClient.create(caller, '/even_parameters_node'), 'parameters client');
      const spinning = executor.spin();
      expect((await remote.waitForService(5000)).ok).toBe(true);
      const answers = Result.expect(
        await remote.setParameters(
          [
            { name: 'myint', value: 4n },
            { name: 'myint', value: 3n },
            { name: 'myint', value: 'two' },
          ],
          5000,
        ),
        'set_parameters',
      );
      executor.cancel();
      await spinning;
      expect(answers).toEqual([
        { successful: true, reason: '' },
        { successful: false, reason: 'only even integers can be set' },
        { successful: false, reason: 'only integer parameters can be set' },
      ]);
      expect(Result.expect(even.node.getParameter('myint'), 'myint').value).toBe(4n);
      const lines = linesOf('even_parameters_node');
      expect(lines[2]).toBe("Try running 'ros2 param set /even_parameters_node myint 2' to");
      expect(lines).toContain("parameter 'myint' has changed and is now: 4");
      expect(lines).toContain("Requested value '3' for parameter 'myint' is not an even number: rejecting change...");
    }));
});

describe('examples/ported: action_tutorials_cpp Fibonacci server and client', () => {
  const fib10 = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55];

  it('the client gets the sequence of order 10 with nine feedback messages; both log the upstream lines', () =>
    withExecutor(async (executor) => {
      Result.expect(FibonacciActionServer.create(executor, { periodMs: 5 }), 'server');
      const client = Result.expect(FibonacciActionClient.create(executor), 'client');
      const outcome = Result.expect(await client.sendGoal(10, 10_000), 'the goal');
      expect(outcome.code).toBe(GoalStatus.Succeeded);
      expect([...outcome.result.sequence]).toEqual(fib10);
      const server = linesOf('fibonacci_action_server');
      expect(server.slice(0, 2)).toEqual(['Received goal request with order 10', 'Executing goal']);
      expect(server.filter((l) => l === 'Publish feedback')).toHaveLength(9);
      expect(server.at(-1)).toBe('Goal succeeded');
      const lines = linesOf('fibonacci_action_client');
      expect(lines.slice(0, 2)).toEqual(['Sending goal', 'Goal accepted by server, waiting for result']);
      expect(lines.filter((l) => l.startsWith('Next number in sequence received: '))).toHaveLength(9);
      expect(lines.at(-1)).toBe(`Result received: ${fib10.join(' ')} `);
    }));

  it('a cancel sent from the feedback callback ends the goal canceled, as the server logs it', () =>
    withExecutor(async (executor) => {
      Result.expect(FibonacciActionServer.create(executor, { periodMs: 20 }), 'server');
      const client = Result.expect(FibonacciActionClient.create(executor), 'client');
      const outcome = Result.expect(await client.sendGoal(40, 10_000, 2), 'the goal');
      expect(outcome.code).toBe(GoalStatus.Canceled);
      expect(outcome.result.sequence.length).toBeLessThan(41);
      const server = linesOf('fibonacci_action_server');
      expect(server).toContain('Received request to cancel goal');
      expect(server.at(-1)).toBe('Goal canceled');
      expect(linesOf('fibonacci_action_client').at(-1)).toBe('Goal was canceled');
    }));

  it('with no server the client says so within its budget', () =>
    withExecutor(async (executor) => {
      const client = Result.expect(FibonacciActionClient.create(executor), 'client');
      const outcome = await client.sendGoal(10, 200);
      expect(outcome.ok ? 'ok' : outcome.error.name).toBe('Timeout');
      expect(linesOf('fibonacci_action_client')).toEqual(['Action server not available after waiting']);
    }));
});

describe('examples/ported: lifecycle lc_talker', () => {
  it('driven by another node through its lifecycle services: silent until active, heard while active, silent again after deactivate', () =>
    withExecutor(async (executor) => {
      Result.expect(LifecycleTalker.create(executor, { periodMs: 10, activateDelayMs: 20 }), 'lc_talker');
      const driver = Result.expect(executor.createNode('lifecycle_service_client'), 'driver');
      const heard: string[] = [];
      Result.expect(
        driver.createSubscription(std_msgs.msg.String, 'lifecycle_chatter', (m) => void heard.push(m.data)),
        'subscription',
      );
      const lc = Result.expect(LifecycleClient.create(driver, '/lc_talker'), 'lifecycle client');
      const spinning = executor.spin();
      const step = async (transition: string): Promise<void> => {
        expect((await lc.changeState(transition, 5000)).ok, transition).toBe(true);
      };
      const talker = (): string[] => linesOf('lc_talker');
      const until = async (done: () => boolean): Promise<void> => {
        expect((await executor.spinUntil(done, 5000)).ok).toBe(true);
      };
      expect((await lc.waitForService(5000)).ok).toBe(true);
      await step('configure');
      await until(() => talker().some((l) => l.includes('inactive')));
      expect(heard).toEqual([]);
      await step('activate');
      await until(() => heard.length >= 2);
      await step('deactivate');
      const heardWhileActive = heard.length;
      const inactiveBefore = talker().filter((l) => l.includes('inactive')).length;
      await until(() => talker().filter((l) => l.includes('inactive')).length > inactiveBefore + 1);
      await step('cleanup');
      await step('shutdown');
      executor.cancel();
      await spinning;
      expect(heard.length).toBeGreaterThanOrEqual(2);
      expect(heard.length).toBe(heardWhileActive);
      expect(heard[0]).toMatch(/^Lifecycle HelloWorld #\d+$/);
      const lines = talker();
      expect(lines[0]).toBe('on_configure() is called.');
      expect(lines).toContain('on_activate() is called.');
      expect(lines).toContain(`Lifecycle publisher is active. Publishing: [${heard[0]}]`);
      expect(lines).toContain('on_deactivate() is called.');
      expect(lines).toContain('on cleanup is called.');
      expect(lines.at(-1)).toBe('on shutdown is called from state unconfigured.');
    }));
});

describe('examples/ported: dummy_sensors dummy_laser in a host game loop', () => {
  it('publishes 30 Hz scans from a 60 Hz host loop, and its budgeted drain keeps up with a 200 Hz topic', async () => {
    const world = Result.expect(await Executor.create(), 'world executor');
    try {
      await withExecutor(async (game) => {
        const laser = Result.expect(DummyLaser.create(game), 'dummy_laser');
        // Another component of the same game listening to a fast topic (200 Hz, keep-last 30).
        let fastHeard = 0;
        const component = Result.expect(game.createNode('game_component'), 'component');
        Result.expect(
          component.createSubscription(std_msgs.msg.UInt32, 'fast', () => void fastHeard++, QoS.default().keepLast(30)),
          'fast subscription',
        );
        const observer = Result.expect(world.createNode('scan_observer'), 'observer');
        const scans: sensor_msgs.msg.LaserScan[] = [];
        Result.expect(
          observer.createSubscription(
            sensor_msgs.msg.LaserScan,
            'scan',
            (m) => void scans.push(m),
            QoS.default().keepAll(),
          ),
          'scan subscription',
        );
        const fast = Result.expect(observer.createPublisher(std_msgs.msg.UInt32, 'fast'), 'fast publisher');
        let fastSent = 0;
        const fastTimer = Result.expect(
          observer.createWallTimer(5, () => void fast.publish({ data: ++fastSent })),
          'fast timer',
        );
        const worldSpin = world.spin();
        const report = Result.expect(await runGameLoop(game, laser, { frames: 45, hostHz: 60 }), 'game loop');
        fastTimer.cancel();
        Result.expect(await runGameLoop(game, laser, { frames: 3, hostHz: 60, sensorHz: 0.001 }), 'last frames');
        await world.spinFor(0);
        world.cancel();
        await worldSpin;
        await world.spinFor(50);

        // 45 host frames at 60 Hz poll a 30 Hz Rate: about one scan every other frame, at most one a frame.
        expect(report.scans).toBeGreaterThanOrEqual(10);
        expect(report.scans).toBeLessThanOrEqual(45);
        expect(scans.length).toBe(report.scans);
        scans.forEach((scan, k) => {
          expect(scan.header.frame_id).toBe('single_rrbot_hokuyo_link');
          expect(scan.ranges.length).toBe(1081);
          expect(scan.ranges[0]).toBeCloseTo(Math.abs(Math.sin(0.1 * (k + 1))), 5);
        });
        const stamps = scans.map((s) => BigInt(s.header.stamp.sec) * 1_000_000_000n + BigInt(s.header.stamp.nanosec));
        expect(stamps.every((s, i) => i === 0 || s >= (stamps[i - 1] ?? 0n))).toBe(true);
        expect(fastSent).toBeGreaterThan(45);
        expect(fastHeard).toBe(fastSent);
        expect(linesOf('dummy_laser')).toEqual([
          'angle inc:\t0.004363',
          'scan size:\t1081',
          'scan time increment: \t0.000000',
        ]);
      });
    } finally {
      await world.shutdown();
    }
  });
});

describe('examples/ported: odometry_publisher on sim time', () => {
  it('publishes odom -> base_link on /tf only as /clock advances, stamped with sim time, integrating the pose', () =>
    withExecutor(async (executor) => {
      const odometry = Result.expect(
        OdometryPublisher.create(executor, { periodMs: 100, arguments: ['--ros-args', '-p', 'use_sim_time:=true'] }),
        'odometry_publisher',
      );
      const tfs: tf2_msgs.msg.TFMessage[] = [];
      const odoms: nav_msgs.msg.Odometry[] = [];
      const viewer = Result.expect(executor.createNode('tf_viewer'), 'viewer');
      Result.expect(
        viewer.createSubscription(tf2_msgs.msg.TFMessage, '/tf', (m) => void tfs.push(m)),
        'tf sub',
      );
      Result.expect(
        viewer.createSubscription(nav_msgs.msg.Odometry, 'odom', (m) => void odoms.push(m)),
        'odom sub',
      );
      const buffer = Result.expect(tf2.Buffer.create(), 'tf2 buffer');
      Result.expect(tf2.TransformListener.create(viewer, buffer), 'tf2 listener');

      // Real time passes, sim time does not: a wall timer of 100 ms would have fired twice.
      await executor.spinFor(250);
      expect(tfs).toEqual([]);

      // A clock player: +25 ms of sim time every 5 ms of real time.
      const player = Result.expect(executor.createNode('clock_player'), 'player');
      const clock = Result.expect(player.createPublisher(rosgraph_msgs.msg.Clock, '/clock', QoS.clock()), 'clock pub');
      let simMs = 0;
      Result.expect(
        player.createWallTimer(5, () => {
          simMs += 25;
          clock.publish({ clock: { sec: Math.floor(simMs / 1000), nanosec: (simMs % 1000) * 1_000_000 } });
        }),
        'clock timer',
      );
      expect((await executor.spinUntil(() => tfs.length >= 5, 10_000)).ok).toBe(true);

      // Each firing reads the sim time of its round: the period's deadline, or one /clock step past
      // it when the next sample was dispatched first in the same round.
      const stamps = tfs.slice(0, 5).map((m) => m.transforms[0]?.header.stamp ?? { sec: -1, nanosec: 0 });
      const stampMs = stamps.map((t) => t.sec * 1000 + t.nanosec / 1e6);
      stampMs.forEach((ms, i) => {
        expect(ms).toBeGreaterThanOrEqual((i + 1) * 100);
        expect(ms).toBeLessThan((i + 1) * 100 + 50);
      });
      let x = 0;
      let y = 0;
      let th = 0;
      let last = 0;
      tfs.slice(0, 5).forEach((m, i) => {
        const dt = ((stampMs[i] ?? 0) - last) / 1000;
        last = stampMs[i] ?? 0;
        x += (0.1 * Math.cos(th) + 0.1 * Math.sin(th)) * dt;
        y += (0.1 * Math.sin(th) - 0.1 * Math.cos(th)) * dt;
        th += 0.1 * dt;
        const t = m.transforms[0];
        expect(t?.header.frame_id).toBe('odom');
        expect(t?.child_frame_id).toBe('base_link');
        expect(t?.transform.translation.x).toBeCloseTo(x, 9);
        expect(t?.transform.translation.y).toBeCloseTo(y, 9);
        expect(t?.transform.rotation.z).toBeCloseTo(Math.sin(th / 2), 9);
        expect(t?.transform.rotation.w).toBeCloseTo(Math.cos(th / 2), 9);
      });
      const third = Result.expect(
        buffer.lookupTransform('odom', 'base_link', stamps[2] ?? { sec: 0, nanosec: 0 }),
        'lookup',
      );
      expect(third.transform.translation).toEqual(tfs[2]?.transforms[0]?.transform.translation);
      expect(odoms[0]?.header.stamp).toEqual(stamps[0]);
      expect(odoms[0]?.twist.twist.linear).toEqual({ x: 0.1, y: -0.1, z: 0 });
      expect(odometry.node.now().nanoseconds).toBeGreaterThanOrEqual(500_000_000n);
      expect(linesOf('odometry_publisher')).toEqual([
        'publishing odom -> base_link on /tf and odom at 100 ms of sim time from /clock',
      ]);
    }));
});

describe('examples/ported: the mains, in-process', () => {
  it('run to their end and answer exit codes: 0 done, 1 did not do its job (with the reason), 2 bad flags', async () => {
    expect(await talkerMain(['--count', '3', '--period-ms', '5'])).toBe(0);
    expect(linesOf('talker')).toEqual([1, 2, 3].map((n) => `Publishing: 'Hello World: ${n}'`));
    expect(await listenerMain(['--count', '1', '--budget-ms', '50'])).toBe(1);
    expect(await clientMain(['2', 'three', '--budget-ms', '50'])).toBe(1);
    expect(await talkerMain(['--count', 'many'])).toBe(2);
  });
});
