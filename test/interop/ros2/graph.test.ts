// The ROS graph between rclts and rclpy on rmw_zenoh_cpp, both ways, in both topologies: rclpy's
// graph API sees rclts's nodes, topics, services and endpoints (QoS, GID, type hash); rclts's node
// graph and the `rclts` CLI see rclpy's; and an rclts node announces what an rcl node announces
// (/rosout, ~/get_type_description, the parameter services, /parameter_events), token for token.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Node, QoS } from '../../../src/index.js';
import { rcl_interfaces, sensor_msgs, std_msgs, std_srvs } from '../../../src/rclcpp/interfaces/generated/index.js';
import { gidOfToken, gidToHex } from '../../../src/rmw/wire/gid.js';
import { livelinessTokens, plainSession, tokensOfNode } from './liveliness.js';
import { describeRos2, type RclpyPeer, startWorld, TOPOLOGIES, type World } from './peer.js';

const BIN = join(import.meta.dirname, '../../../bin/rclts.mjs');
const STRING_HASH = 'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18';
const LOG_HASH = rcl_interfaces.msg.Log.typeHash;

function rclts(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out, err }),
    );
  });
}

type NamesAndTypes = [string, string[]][];
interface EndpointInfo {
  node_name: string;
  node_namespace: string;
  topic_type: string;
  topic_type_hash: string;
  endpoint_type: string;
  endpoint_gid: string;
  qos: { reliability: string; durability: string; history: string; depth: number };
}

describeRos2('the ROS graph between rclts and rclpy on rmw_zenoh_cpp', () => {
  describe.each(TOPOLOGIES)('$title', ({ kind }) => {
    let world: World;
    let peer: RclpyPeer;
    let node: Node;
    let zenoh: Session;

    /** Asks rclpy's graph until `ok(result)` or 20 s; answers the last result. */
    const graphUntil = async <T>(query: string, args: unknown[], ok: (r: T) => boolean, on = 'watcher'): Promise<T> => {
      const end = Date.now() + 20_000;
      for (;;) {
        const a = await world.spinWhile(peer.must('graph', { node: on, query, args }));
        if (ok(a.result as T) || Date.now() > end) return a.result as T;
        await world.executor.spinFor(100);
      }
    };

    beforeAll(async () => {
      world = await startWorld(kind);
      peer = await world.peer();
      zenoh = await plainSession(world.locator);
      await peer.must('node', { name: 'watcher' });
      const made = world.executor.createNode('rclts_graph', { namespace: '/graph_ns' });
      if (!made.ok) throw new Error(made.error.message);
      node = made.value;
      if (!node.createPublisher(std_msgs.msg.String, '/g/chatter', QoS.default().bestEffort().keepLast(5)).ok)
        throw new Error('publisher');
      if (!node.createSubscription(sensor_msgs.msg.JointState, '/g/joints', () => {}).ok) throw new Error('sub');
      if (!node.createService(std_srvs.srv.Trigger, '/g/trigger', () => ({ success: true, message: '' })).ok)
        throw new Error('service');
      // rclpy's counterpart of the same shape
      await peer.must('node', { name: 'rclpy_graph', namespace: '/py_graph' });
      await peer.must('publisher', {
        node: 'rclpy_graph',
        topic: '/p/chatter',
        type: 'std_msgs/msg/String',
        qos: { reliability: 'best_effort', depth: 5 },
      });
      await peer.must('subscription', { node: 'rclpy_graph', topic: '/p/joints', type: 'sensor_msgs/msg/JointState' });
      await peer.must('service', {
        node: 'rclpy_graph',
        name: '/p/set_bool',
        type: 'std_srvs/srv/SetBool',
        behaviour: 'set_bool',
      });
    }, 60_000);
    afterAll(async () => {
      await zenoh?.close().catch(() => undefined);
      await world?.stop();
    });

    it('rclpy lists the rclts node, its topics and its service with their types', async () => {
      const nodes = await graphUntil<[string, string][]>('get_node_names_and_namespaces', [], (r) =>
        r.some(([n, ns]) => n === 'rclts_graph' && ns === '/graph_ns'),
      );
      expect(nodes).toContainEqual(['rclts_graph', '/graph_ns']);
      const topics = await graphUntil<NamesAndTypes>('get_topic_names_and_types', [], (r) =>
        r.some(([n]) => n === '/g/joints'),
      );
      expect(topics).toContainEqual(['/g/chatter', ['std_msgs/msg/String']]);
      expect(topics).toContainEqual(['/g/joints', ['sensor_msgs/msg/JointState']]);
      const services = await graphUntil<NamesAndTypes>('get_service_names_and_types', [], (r) =>
        r.some(([n]) => n === '/g/trigger'),
      );
      expect(services).toContainEqual(['/g/trigger', ['std_srvs/srv/Trigger']]);
    }, 60_000);

    it('rclpy’s get_publishers_info_by_topic / get_subscriptions_info_by_topic: node, type hash, QoS and the GID rmw_zenoh derives from the token', async () => {
      const pubs = await graphUntil<EndpointInfo[]>(
        'get_publishers_info_by_topic',
        ['/g/chatter'],
        (r) => r.length > 0,
      );
      expect(pubs).toHaveLength(1);
      const p = pubs[0]!;
      expect(p).toMatchObject({
        node_name: 'rclts_graph',
        node_namespace: '/graph_ns',
        topic_type: 'std_msgs/msg/String',
        endpoint_type: 'PUBLISHER',
        qos: { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 },
      });
      expect(p.topic_type_hash).toBe(STRING_HASH);
      const tokens = await livelinessTokens(zenoh);
      const mine = tokensOfNode(tokens, '/graph_ns', 'rclts_graph').find(
        (t) => t.kind === 'MP' && t.shape.includes('/g/chatter'),
      );
      expect(mine, tokens.join('\n')).toBeDefined();
      expect(p.endpoint_gid.slice(0, 32)).toBe(gidToHex(gidOfToken(mine!.raw)));
      const subs = await graphUntil<EndpointInfo[]>(
        'get_subscriptions_info_by_topic',
        ['/g/joints'],
        (r) => r.length > 0,
      );
      expect(subs).toHaveLength(1);
      expect(subs[0]).toMatchObject({
        node_name: 'rclts_graph',
        topic_type: 'sensor_msgs/msg/JointState',
        endpoint_type: 'SUBSCRIPTION',
        qos: { reliability: 'reliable', durability: 'volatile', depth: 10 },
      });
      // rclpy's own publisher: the same rule gives the GID rclpy reports for it
      const theirs = await graphUntil<EndpointInfo[]>(
        'get_publishers_info_by_topic',
        ['/p/chatter'],
        (r) => r.length > 0,
      );
      const token = tokensOfNode(tokens, '/py_graph', 'rclpy_graph').find(
        (t) => t.kind === 'MP' && t.shape.includes('/p/chatter'),
      );
      expect(theirs[0]!.endpoint_gid.slice(0, 32)).toBe(gidToHex(gidOfToken(token!.raw)));
    }, 60_000);

    it('rclts’s node graph sees the rclpy node, its topics, its service and its endpoints as rclpy reports them', async () => {
      const seen = await world.spinUntil(() => {
        const e = node.getEndpoints();
        return e.ok && e.value.some((x) => x.name === '/p/set_bool');
      }, 20_000);
      expect(seen).toBe(true);
      const names = node.getNodeNames();
      expect(names.ok && names.value.map((n) => [n.name, n.namespace])).toContainEqual(['rclpy_graph', '/py_graph']);
      const topics = node.getTopicNamesAndTypes();
      expect(topics.ok && topics.value.get('/p/chatter')).toEqual(['std_msgs/msg/String']);
      expect(topics.ok && topics.value.get('/p/joints')).toEqual(['sensor_msgs/msg/JointState']);
      const services = node.getServiceNamesAndTypes();
      expect(services.ok && services.value.get('/p/set_bool')).toEqual(['std_srvs/srv/SetBool']);
      const endpoints = node.getEndpoints();
      if (!endpoints.ok) throw new Error(endpoints.error.message);
      const pub = endpoints.value.find((e) => e.name === '/p/chatter' && e.kind === 'publisher');
      const info = (
        await peer.must('graph', { node: 'watcher', query: 'get_publishers_info_by_topic', args: ['/p/chatter'] })
      ).result as EndpointInfo[];
      expect(pub).toMatchObject({
        node: { name: 'rclpy_graph', namespace: '/py_graph' },
        typeName: info[0]!.topic_type,
        qos: { reliability: info[0]!.qos.reliability, durability: info[0]!.qos.durability, depth: info[0]!.qos.depth },
      });
      expect(info[0]!.topic_type_hash).toBe(pub!.typeHash);
    }, 60_000);

    it('`rclts node list`, `rclts topic list -t` and `rclts node info` show the rclpy node as rclpy’s graph API does', async () => {
      const list = await rclts('node', 'list', '--router', world.locator);
      expect(list.code, list.err).toBe(0);
      expect(list.out.split('\n')).toContain('/py_graph/rclpy_graph');
      const topics = await rclts('topic', 'list', '-t', '--router', world.locator);
      expect(topics.code, topics.err).toBe(0);
      expect(topics.out).toContain('/p/chatter [std_msgs/msg/String]');
      expect(topics.out).toContain('/p/joints [sensor_msgs/msg/JointState]');
      const info = await rclts('node', 'info', '/py_graph/rclpy_graph', '--router', world.locator);
      expect(info.code, info.err).toBe(0);
      const sections = parseNodeInfo(info.out);
      const byNode = async (query: string): Promise<string[]> => {
        const r = (await peer.must('graph', { node: 'watcher', query, args: ['rclpy_graph', '/py_graph'] }))
          .result as NamesAndTypes;
        return r.flatMap(([n, types]) => types.map((t) => `${n}: ${t}`)).sort();
      };
      expect(sections.Subscribers).toEqual(await byNode('get_subscriber_names_and_types_by_node'));
      expect(sections.Publishers).toEqual(await byNode('get_publisher_names_and_types_by_node'));
      expect(sections['Service Servers']).toEqual(await byNode('get_service_names_and_types_by_node'));
      expect(sections['Service Clients']).toEqual(await byNode('get_client_names_and_types_by_node'));
    }, 90_000);

    describe('graph parity: a bare rclts node announces what a bare rclpy node announces', () => {
      beforeAll(async () => {
        await peer.must('node', { name: 'bare_py', namespace: '/parity' });
        const made = world.executor.createNode('bare_ts', { namespace: '/parity' });
        if (!made.ok) throw new Error(made.error.message);
        await graphUntil<[string, string][]>('get_node_names_and_namespaces', [], (r) =>
          r.some(([n]) => n === 'bare_ts'),
        );
        await world.executor.spinFor(500);
      }, 60_000);

      it('the same liveliness tokens (kinds, names, types, hashes, QoS): /rosout, ~/get_type_description, parameter services, /parameter_events', async () => {
        const tokens = await livelinessTokens(zenoh);
        const shapes = (name: string) =>
          tokensOfNode(tokens, '/parity', name)
            .map((t) => t.shape)
            .sort();
        const py = shapes('bare_py');
        // what rmw-zenoh.md says an rcl node declares, seen on rclpy's side first
        expect(py.find((s) => s.startsWith('MP /rosout rcl_interfaces::msg::dds_::Log_ '))).toMatch(
          / :1:,1000:,:10,0:,,$/,
        );
        expect(py.filter((s) => s.startsWith('SS ~/')).length).toBe(7);
        expect(shapes('bare_ts')).toEqual(py);
      }, 30_000);

      it('rclpy’s get_service_names_and_types_by_node and get_publisher_names_and_types_by_node are the same for both', async () => {
        for (const query of ['get_service_names_and_types_by_node', 'get_publisher_names_and_types_by_node']) {
          const of = async (name: string) =>
            (
              (await world.spinWhile(peer.must('graph', { node: 'watcher', query, args: [name, '/parity'] })))
                .result as NamesAndTypes
            )
              .map(([n, t]) => [n.replace(`/parity/${name}/`, '~/'), t])
              .sort();
          expect(await of('bare_ts'), query).toEqual(await of('bare_py'));
        }
      }, 30_000);

      it('rclpy calls the rclts node’s ~/get_type_description for a type the node uses', async () => {
        // the same request to rclpy's own node first: /rosout registered rcl_interfaces/msg/Log there
        const own = await peer.ask('call', {
          name: '/parity/bare_py/get_type_description',
          type: 'type_description_interfaces/srv/GetTypeDescription',
          request: { type_name: 'rcl_interfaces/msg/Log', type_hash: LOG_HASH, include_type_sources: false },
          budgetMs: 5_000,
        });
        expect(own).toMatchObject({ ok: true, response: { successful: true } });
        const made = world.executor.createNode('describer', { namespace: '/parity' });
        if (!made.ok) throw new Error(made.error.message);
        if (!made.value.createPublisher(std_msgs.msg.String, 'described').ok) throw new Error('publisher');
        const reply = await world.spinWhile(
          peer.ask('call', {
            name: '/parity/describer/get_type_description',
            type: 'type_description_interfaces/srv/GetTypeDescription',
            request: { type_name: 'std_msgs/msg/String', type_hash: STRING_HASH, include_type_sources: false },
            budgetMs: 5_000,
          }),
        );
        expect(reply.error).toBeUndefined();
        expect(reply.response).toMatchObject({
          successful: true,
          type_description: { type_description: { type_name: 'std_msgs/msg/String' } },
        });
      }, 30_000);
    });
  });
});

/** `rclts node info` output as section title -> sorted `name: type` lines. */
function parseNodeInfo(out: string): Record<string, string[]> {
  const sections: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of out.split('\n')) {
    const title = /^ {2}(\S.*):$/.exec(line);
    if (title !== null) {
      current = [];
      sections[title[1]!] = current;
    } else if (line.startsWith('    ') && current !== undefined) current.push(line.trim());
  }
  for (const s of Object.values(sections)) s.sort();
  return sections;
}
