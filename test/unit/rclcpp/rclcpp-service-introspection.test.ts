/**
 * Service introspection (rclcpp's configure_introspection) on the in-process backend: the
 * service_msgs events of one call in order (REQUEST_SENT, REQUEST_RECEIVED, RESPONSE_SENT,
 * RESPONSE_RECEIVED) on `<service>/_service_event`, with the request's sequence number and the
 * client's GID in all four; Metadata leaves request and response out, Off publishes nothing, and
 * bad arguments or a type without an Event are refused.
 */
import { describe, expect, it } from 'vitest';
import {
  Clock,
  example_interfaces,
  type Node,
  QoS,
  type Result,
  SERVICE_EVENT_SUFFIX,
  ServiceEventType,
  ServiceIntrospectionState,
} from '../../../src/index.js';
import { add, makeFixture, replies, unwrap } from '../../support/executor-fixture.js';

function refusal(r: Result): string {
  return r.ok ? 'ok' : `${r.error.name}: ${r.error.message}`;
}

type Event = example_interfaces.srv.AddTwoInts_Event;

async function oneCall(
  serviceState: ServiceIntrospectionState,
  clientState: ServiceIntrospectionState,
): Promise<{ events: Event[]; seq: bigint }> {
  const { executor, node } = makeFixture();
  const events: Event[] = [];
  unwrap(
    node.createSubscription(
      example_interfaces.srv.AddTwoInts.Event,
      `/add${SERVICE_EVENT_SUFFIX}`,
      (e) => {
        events.push(e);
      },
      QoS.services().keepLast(20),
    ),
  );
  const service = unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
  unwrap(service.configureIntrospection(node.getClock(), QoS.services(), serviceState));
  const { got, onResponse } = replies();
  const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'add', onResponse));
  unwrap(client.configureIntrospection(node.getClock(), QoS.services(), clientState));
  const seq = unwrap(client.asyncSendRequest({ a: 2n, b: 3n }));
  unwrap(await executor.spinUntil(() => got.length === 1, 5000));
  // The events published in the last round reach the subscription in the next ones.
  await executor.spinFor(50);
  await executor.shutdown();
  return { events, seq };
}

/** The event kinds published on `/add/_service_event`, as they arrive. */
function eventKinds(node: Node): number[] {
  const kinds: number[] = [];
  unwrap(
    node.createSubscription(
      example_interfaces.srv.AddTwoInts.Event,
      `/add${SERVICE_EVENT_SUFFIX}`,
      (e) => {
        kinds.push(e.info.event_type);
      },
      QoS.services(),
    ),
  );
  return kinds;
}

describe('service introspection', () => {
  it('Contents: the four events of one call in order, with its sequence number, the client GID, request and response', async () => {
    const before = new Clock('system').now().nanoseconds;
    const { events, seq } = await oneCall(ServiceIntrospectionState.Contents, ServiceIntrospectionState.Contents);
    expect(events.map((e) => e.info.event_type)).toEqual([
      ServiceEventType.RequestSent,
      ServiceEventType.RequestReceived,
      ServiceEventType.ResponseSent,
      ServiceEventType.ResponseReceived,
    ]);
    expect(events.map((e) => e.info.sequence_number)).toEqual([seq, seq, seq, seq]);
    const gid = Array.from(events[0]!.info.client_gid);
    expect(gid.some((b) => b !== 0)).toBe(true);
    for (const e of events) expect(Array.from(e.info.client_gid)).toEqual(gid);
    expect(events.map((e) => [e.request, e.response])).toEqual([
      [[{ a: 2n, b: 3n }], []],
      [[{ a: 2n, b: 3n }], []],
      [[], [{ sum: 5n }]],
      [[], [{ sum: 5n }]],
    ]);
    for (const e of events) {
      const ns = BigInt(e.info.stamp.sec) * 1_000_000_000n + BigInt(e.info.stamp.nanosec);
      expect(ns).toBeGreaterThanOrEqual(before - 1_000_000n);
    }
  });

  it('Metadata: the same events with request and response left empty', async () => {
    const { events, seq } = await oneCall(ServiceIntrospectionState.Metadata, ServiceIntrospectionState.Metadata);
    expect(events.map((e) => [e.info.event_type, e.info.sequence_number, e.request, e.response])).toEqual([
      [ServiceEventType.RequestSent, seq, [], []],
      [ServiceEventType.RequestReceived, seq, [], []],
      [ServiceEventType.ResponseSent, seq, [], []],
      [ServiceEventType.ResponseReceived, seq, [], []],
    ]);
  });

  it('each side publishes only its own events: client Off, service Contents', async () => {
    const { events } = await oneCall(ServiceIntrospectionState.Contents, ServiceIntrospectionState.Off);
    expect(events.map((e) => e.info.event_type)).toEqual([
      ServiceEventType.RequestReceived,
      ServiceEventType.ResponseSent,
    ]);
  });

  it('Off publishes nothing, and switching it off again destroys the event publisher', async () => {
    const { events } = await oneCall(ServiceIntrospectionState.Off, ServiceIntrospectionState.Off);
    expect(events).toEqual([]);
    const { executor, node } = makeFixture();
    const service = unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    const topic = `/add${SERVICE_EVENT_SUFFIX}`;
    unwrap(service.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents));
    expect(unwrap(node.countPublishers(topic))).toBe(1);
    unwrap(service.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Metadata));
    expect(unwrap(node.countPublishers(topic))).toBe(1);
    unwrap(service.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Off));
    expect(unwrap(node.countPublishers(topic))).toBe(0);
    unwrap(service.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents));
    unwrap(service.reset());
    expect(unwrap(node.countPublishers(topic))).toBe(0);
    await executor.shutdown();
  });

  it('a generic client (a type by name) publishes its events with the run-time Event type', async () => {
    const { executor, node } = makeFixture();
    const kinds = eventKinds(node);
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    const got: unknown[] = [];
    const client = unwrap(
      node.createGenericClient('example_interfaces/srv/AddTwoInts', 'add', (r) => {
        got.push(r);
      }),
    );
    unwrap(client.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents));
    unwrap(client.asyncSendRequest({ a: 1n, b: 1n }));
    unwrap(await executor.spinUntil(() => got.length === 1, 5000));
    await executor.spinFor(50);
    expect(kinds).toEqual([ServiceEventType.RequestSent, ServiceEventType.ResponseReceived]);
    await executor.shutdown();
  });

  it('a PollClient publishes its events too', async () => {
    const { executor, node } = makeFixture();
    const kinds = eventKinds(node);
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    const poll = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'add'));
    unwrap(poll.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Metadata));
    expect(unwrap(await poll.call({ a: 1n, b: 1n }, 5000))).toEqual({ sum: 2n });
    await executor.spinFor(50);
    expect(kinds).toEqual([ServiceEventType.RequestSent, ServiceEventType.ResponseReceived]);
    await executor.shutdown();
  });

  it('refuses a bad state or clock, and a service type without an Event', async () => {
    const { executor, node } = makeFixture();
    const service = unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'add', add));
    expect(refusal(service.configureIntrospection(node.getClock(), QoS.services(), 7 as never))).toContain(
      "InvalidArgument: configureIntrospection of service '/add': state must be ServiceIntrospectionState",
    );
    expect(
      refusal(service.configureIntrospection({} as never, QoS.services(), ServiceIntrospectionState.Contents)),
    ).toContain('clock must be an rclts Clock');
    const { Request, Response, typeName, typeHash } = example_interfaces.srv.AddTwoInts;
    const { onResponse } = replies();
    const bare = unwrap(node.createClient({ typeName, typeHash, Request, Response }, 'add', onResponse));
    const refused = bare.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents);
    expect(refusal(refused)).toMatch(/^Unsupported: .*'example_interfaces\/srv\/AddTwoInts' has no Event message/);
    await executor.shutdown();
  });
});
