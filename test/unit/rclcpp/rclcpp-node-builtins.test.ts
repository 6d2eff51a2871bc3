/**
 * What every ros node declares besides its own entities, as an rclpy node on rmw_zenoh_cpp 0.6.6
 * does: /rosout, /parameter_events, the six parameter services and ~/get_type_description, each
 * with rcl's QoS, written into the liveliness token as rmw_zenoh's qos_to_keyexpr writes it;
 * each turned off by its option; none on a raw node. ~/get_type_description answers as rcl's
 * node.c does.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerTypeDescription } from '../../../src/rclcpp/builtins/type-description-service.js';
import { bundledTypeDescription } from '../../../src/rclcpp/builtins/type-descriptions.js';
import { createExecutorOnSession } from '../../../src/rclcpp/executor.js';
import * as msgs from '../../../src/rclcpp/interfaces/generated/index.js';
import type { TypeDescription } from '../../../src/rclcpp/interfaces/generated/type_description_interfaces/codec.js';
import { LogLevel } from '../../../src/rclcpp/logging/severity.js';
import type { NodeImpl } from '../../../src/rclcpp/node.js';
import { QoS } from '../../../src/rclcpp/qos.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import { encodeQosChunk } from '../../../src/rmw/wire/qos-chunk.js';
import { settle, unwrap } from '../../support/executor-fixture.js';
import { spySession } from '../../support/spy-session.js';

const { GetTypeDescription } = msgs.type_description_interfaces.srv;

function spied() {
  const spy = spySession(unwrap(openLocalSession({ bus: new LocalBus() })));
  const executor = unwrap(createExecutorOnSession(spy.session));
  return { spy, executor };
}

/** `declaration name type qos-chunk` of every declaration, sorted. */
function declarations(spy: ReturnType<typeof spied>['spy']): string[] {
  return spy.specs
    .map(({ declaration, spec }) => `${declaration} ${spec.name} ${spec.typeName} ${encodeQosChunk(spec.qos)}`)
    .sort();
}

const PARAMETER_SERVICES = [
  ['describe_parameters', 'DescribeParameters'],
  ['get_parameter_types', 'GetParameterTypes'],
  ['get_parameters', 'GetParameters'],
  ['list_parameters', 'ListParameters'],
  ['set_parameters', 'SetParameters'],
  ['set_parameters_atomically', 'SetParametersAtomically'],
] as const;

describe('the built-ins of a ros node', () => {
  it('declares /rosout, /parameter_events, the parameter services and ~/get_type_description with rcl QoS', () => {
    const { spy, executor } = spied();
    unwrap(executor.createNode('talker', { namespace: '/ns' }));
    expect(declarations(spy)).toEqual(
      [
        'createPublisher /rosout rcl_interfaces/msg/Log :1:,1000:,:10,0:,,',
        'createPublisher /parameter_events rcl_interfaces/msg/ParameterEvent ::,1000:,:,:,,',
        ...PARAMETER_SERVICES.map(
          ([n, t]) => `createServiceServer /ns/talker/${n} rcl_interfaces/srv/${t} ::,1000:,:,:,,`,
        ),
        'createServiceServer /ns/talker/get_type_description type_description_interfaces/srv/GetTypeDescription ::,10:,:,:,,',
      ].sort(),
    );
    expect(executor.usage().used).toBe(7);
  });

  it('leaves out each one its option turns off, and all of them on a raw node', () => {
    const { spy, executor } = spied();
    unwrap(executor.createNode('a', { enableRosout: false, startTypeDescriptionService: false }));
    expect(declarations(spy).filter((d) => d.includes('/rosout') || d.includes('get_type_description'))).toEqual([]);
    spy.specs.length = 0;
    unwrap(executor.createNode('b', { startParameterServices: false }));
    expect(
      declarations(spy)
        .map((d) => d.split(' ')[1])
        .sort(),
    ).toEqual(['/b/get_type_description', '/parameter_events', '/rosout']);
    spy.specs.length = 0;
    unwrap(executor.createNode('c', { startParameterEventPublisher: false, startParameterServices: false }));
    expect(
      declarations(spy)
        .map((d) => d.split(' ')[1])
        .sort(),
    ).toEqual(['/c/get_type_description', '/rosout']);
    spy.specs.length = 0;
    unwrap(executor.createNode('raw_node', { naming: 'raw' }));
    expect(spy.specs).toEqual([]);
    for (const key of ['startTypeDescriptionService', 'enableRosout', 'startParameterEventPublisher'] as const) {
      const r = executor.createNode('d', { [key]: 1 as never });
      expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
      if (!r.ok) expect(r.error.message).toContain(`options of node 'd'.${key} must be a boolean`);
    }
  });

  it('publishes a Log record on /rosout, stamped, through the node internals', async () => {
    const { executor } = spied();
    const node = unwrap(executor.createNode('logger'));
    const got: msgs.rcl_interfaces.msg.Log[] = [];
    const listener = unwrap(executor.createNode('listener', { enableRosout: false }));
    unwrap(listener.createSubscription(msgs.rcl_interfaces.msg.Log, '/rosout', (m) => void got.push(m), QoS.rosout()));
    const before = node.now().nanoseconds;
    unwrap((node as NodeImpl).publishRosout(LogLevel.Warn, 'logger', 'careful', 'f.ts', 'fn', 7));
    unwrap(await executor.spinUntil(() => got.length === 1, 2000));
    expect(got[0]).toMatchObject({ level: 30, name: 'logger', msg: 'careful', file: 'f.ts', function: 'fn', line: 7 });
    const stamp = BigInt(got[0]!.stamp.sec) * 1_000_000_000n + BigInt(got[0]!.stamp.nanosec);
    expect(stamp >= before).toBe(true);
    const quiet = unwrap(executor.createNode('quiet', { enableRosout: false }));
    expect((quiet as NodeImpl).publishRosout(20, 'quiet', 'x', '', '', 0).ok).toBe(true);
    await settle();
    executor.spinSome();
    expect(got).toHaveLength(1);
  });
});

/** The JSON text rosidl hashes (REP-2016), written from a TypeDescription message. */
function hashOf(d: TypeDescription): string {
  const field = (f: TypeDescription['type_description']['fields'][number]) =>
    `{"name": ${JSON.stringify(f.name)}, "type": {"type_id": ${f.type.type_id}, "capacity": ${f.type.capacity}, ` +
    `"string_capacity": ${f.type.string_capacity}, "nested_type_name": ${JSON.stringify(f.type.nested_type_name)}}}`;
  const one = (t: TypeDescription['type_description']) =>
    `{"type_name": ${JSON.stringify(t.type_name)}, "fields": [${t.fields.map(field).join(', ')}]}`;
  const text = `{"type_description": ${one(d.type_description)}, "referenced_type_descriptions": [${d.referenced_type_descriptions.map(one).join(', ')}]}`;
  return `RIHS01_${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

describe('~/get_type_description', () => {
  it('describes every bundled type so that its description hashes to the type hash', () => {
    const types: { typeName: string; typeHash: string }[] = [];
    for (const pkg of Object.values(msgs)) {
      for (const kind of Object.values(pkg as Record<string, Record<string, unknown>>)) {
        for (const t of Object.values(kind)) {
          const typed = t as { typeName?: unknown; typeHash?: unknown };
          if (typeof typed.typeName === 'string' && typeof typed.typeHash === 'string') types.push(typed as never);
        }
      }
    }
    expect(types.length).toBeGreaterThan(300);
    for (const t of types) {
      const d = bundledTypeDescription(t.typeName);
      expect(d, t.typeName).toBeDefined();
      expect(hashOf(d as TypeDescription), t.typeName).toBe(t.typeHash);
    }
  });

  it('takes its descriptions from a table equal to a fresh run of scripts/generate-type-descriptions.ts', () => {
    const run = spawnSync('npx', ['tsx', 'scripts/generate-type-descriptions.ts', '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  it('answers for a type the node uses, and refuses an unknown or unparsable hash with rcl words', async () => {
    const { executor } = spied();
    const server = unwrap(executor.createNode('server'));
    const String_ = msgs.std_msgs.msg.String;
    const pub = unwrap(server.createPublisher(String_, 'chatter'));
    const client = unwrap(executor.createNode('asker'));
    const ask = unwrap(client.createPollClient(GetTypeDescription, '/server/get_type_description'));
    const call = async (type_hash: string, include_type_sources = false) =>
      unwrap(await ask.call({ type_name: '', type_hash, include_type_sources }, 2000));

    const used = await call(String_.typeHash, true);
    expect(used).toMatchObject({ successful: true, failure_reason: '', type_sources: [] });
    expect(used.type_description.type_description).toEqual({
      type_name: 'std_msgs/msg/String',
      fields: [
        {
          name: 'data',
          type: { type_id: 17, capacity: 0n, string_capacity: 0n, nested_type_name: '' },
          default_value: '',
        },
      ],
    });
    // The node's own built-ins count as used, as in rcl: Log is /rosout's type.
    expect((await call(msgs.rcl_interfaces.msg.Log.typeHash)).successful).toBe(true);
    const unused = await call(msgs.std_msgs.msg.Int32.typeHash);
    expect(unused).toMatchObject({ successful: false, failure_reason: 'Type not currently in use by this node' });
    expect(await call('RIHS01_nothex')).toMatchObject({
      successful: false,
      failure_reason: 'Failed to parse type hash',
    });
    unwrap(pub.destroy());
    expect((await call(String_.typeHash)).failure_reason).toBe('Type not currently in use by this node');
  });

  it('counts the types of live subscriptions and clients, and forgets them once destroyed', async () => {
    const { executor } = spied();
    const server = unwrap(executor.createNode('server'));
    const asker = unwrap(executor.createNode('asker'));
    const ask = unwrap(asker.createPollClient(GetTypeDescription, '/server/get_type_description'));
    const inUse = async (type_hash: string) =>
      unwrap(await ask.call({ type_name: '', type_hash, include_type_sources: false }, 2000)).successful;
    const Int32 = msgs.std_msgs.msg.Int32;
    const AddTwoInts = msgs.example_interfaces.srv.AddTwoInts;
    const sub = unwrap(server.createSubscription(Int32, 'numbers', () => undefined));
    const cli = unwrap(server.createClient(AddTwoInts, 'add', () => undefined));
    expect([await inUse(Int32.typeHash), await inUse(AddTwoInts.typeHash)]).toEqual([true, true]);
    unwrap(sub.reset());
    unwrap(cli.reset());
    expect([await inUse(Int32.typeHash), await inUse(AddTwoInts.typeHash)]).toEqual([false, false]);
  });

  it('says it cannot populate a type it uses but has no description of (a type outside the bundled packages)', () => {
    const hash = `RIHS01_${'ab'.repeat(32)}`;
    const answer = answerTypeDescription({ type_name: '', type_hash: hash, include_type_sources: false }, (h) =>
      h === hash ? { typeName: 'my_pkg/msg/Mine', typeHash: hash } : undefined,
    );
    expect(answer).toMatchObject({
      successful: false,
      failure_reason: 'Failed to populate TypeDescription to response.',
    });
  });
});
