// `rclts service echo` in-process (the CLI and an introspected service on the process's local
// bus): ros2's layout with the event kind by name, Metadata's empty lists, and the usage error
// without a name. The same verb through a router: test/integration/rclts-cli-service-echo.test.ts.
import { describe, expect, it } from 'vitest';
import { type CliIo, ExitCode } from '../../../src/cli/rclts/cli-args.js';
import { runCli } from '../../../src/cli/rclts/run-cli.js';
import { Executor, example_interfaces, QoS, Result, ServiceIntrospectionState } from '../../../src/index.js';

function io(): CliIo & { stdout: string; stderr: string } {
  const r = {
    stdout: '',
    stderr: '',
    out: (t: string) => {
      r.stdout += t;
    },
    err: (t: string) => {
      r.stderr += t;
    },
    stopRequested: new Promise<void>(() => {}),
  };
  return r;
}

describe('rclts service echo (in-process)', () => {
  it("prints a Metadata service's two events as ros2 does, kinds by name", async () => {
    const executor = Result.expect(await Executor.create({}), 'executor');
    const node = Result.expect(executor.createNode('echoed', { namespace: '/cli_unit' }), 'node');
    const service = Result.expect(
      node.createService(example_interfaces.srv.AddTwoInts, 'add', (q) => ({ sum: q.a + q.b })),
      'service',
    );
    Result.expect(
      service.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Metadata),
      'introspection',
    );
    const out = io();
    const echo = runCli(
      ['service', 'echo', '/cli_unit/add', 'example_interfaces/srv/AddTwoInts', '--count', '2', '--timeout-ms', '5000'],
      out,
    );
    const poll = Result.expect(node.createPollClient(example_interfaces.srv.AddTwoInts, 'add'), 'client');
    // The CLI subscribes once its executor is open: wait for it on the graph, then call.
    const end = Date.now() + 5000;
    while (Result.expect(node.countSubscribers('/cli_unit/add/_service_event'), 'count') === 0 && Date.now() < end)
      await executor.spinFor(10);
    Result.expect(await poll.call({ a: 1n, b: 2n }, 5000), 'the call');
    let code: ExitCode | undefined;
    void echo.then((c) => {
      code = c;
    });
    while (code === undefined) await executor.spinFor(10);
    expect(code).toBe(ExitCode.Ok);
    const events = out.stdout.split('---\n').filter((e) => e !== '');
    expect(events.map((e) => e.replace(/\d+/g, 'N'))).toEqual(
      ['REQUEST_RECEIVED', 'RESPONSE_SENT'].map(
        (kind) =>
          `info:\n  event_type: ${kind}\n  stamp:\n    sec: N\n    nanosec: N\n  client_gid:\n${'  - N\n'.repeat(16)}  sequence_number: N\nrequest: []\nresponse: []\n`,
      ),
    );
    await executor.shutdown();
  });

  it('needs a service name (usage error, exit 2)', async () => {
    const out = io();
    expect(await runCli(['service', 'echo'], out)).toBe(ExitCode.Misuse);
    expect(out.stderr).toContain('service echo needs a service name');
  });
});
