"""Real ROS 2 for rclts's interop tests: rclpy on rmw_zenoh_cpp, run by `rpy` (see peer.ts), driven
over stdin/stdout with one JSON object a line.

Request:  {"id": 7, "op": "publisher", ...}      Answer: {"id": 7, "ok": true, "handle": 3} or
                                                         {"id": 7, "ok": false, "error": "..."}
(an entity is named by its `handle` afterwards: publish, take, stop, destroy).
Every op runs on a worker thread, so a long wait never holds up the others; every wait takes
`budgetMs` and answers an error naming it when it runs out. Messages travel as "peer JSON":
int64/uint64 as decimal strings, non-finite floats and -0.0 as the strings NaN, Infinity,
-Infinity and -0, octets as numbers, nested messages as objects; a byte array read with
`digestOver` set is {"$sha256", "length"} past that many bytes, and {"$fill": {"length", "mul",
"add"}} writes bytes i*mul+add. Adding an op: a function `op_<name>(req) -> dict` below.
"""
import array
import hashlib
import importlib
import json
import math
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy
import rclpy
from rclpy.executors import MultiThreadedExecutor
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from rclpy.serialization import deserialize_message, serialize_message
from rosidl_parser import definition as idl

INT64 = {'int64', 'uint64'}
FLOATS = {'float', 'double', 'long double'}


# ---------------------------------------------------------------- types and peer JSON

ACTION_PARTS = {'Goal': 'Goal', 'Result': 'Result', 'Feedback': 'Feedback', 'FeedbackMessage': 'Impl.FeedbackMessage'}


def load_type(name):
    """'pkg/msg/Name', 'pkg/srv/Name' (the service), 'pkg/srv/Name_Request', 'pkg/action/Name_Goal'..."""
    pkg, kind, leaf = name.split('/')
    module = importlib.import_module(f'{pkg}.{kind}')
    if hasattr(module, leaf):
        return getattr(module, leaf)
    # rclpy keeps an action's own messages inside its class: Fibonacci.Goal, Fibonacci.Impl.FeedbackMessage
    action, _, part = leaf.partition('_')
    if kind != 'action' or part not in ACTION_PARTS:
        raise AttributeError(f'no type {name} in {pkg}.{kind}')
    found = getattr(module, action)
    for step in ACTION_PARTS[part].split('.'):
        found = getattr(found, step)
    return found


def float_out(v):
    if math.isnan(v):
        return 'NaN'
    if math.isinf(v):
        return 'Infinity' if v > 0 else '-Infinity'
    if v == 0 and math.copysign(1.0, v) < 0:
        return '-0'
    return v


def float_in(v):
    return float(v) if isinstance(v, str) else float(v)


def scalar_out(t, v, digest_over):
    if isinstance(t, idl.BasicType):
        if t.typename in INT64:
            return str(int(v))
        if t.typename in FLOATS:
            return float_out(float(v))
        if t.typename == 'octet':
            return v[0] if isinstance(v, (bytes, bytearray)) else int(v)
        if t.typename == 'boolean':
            return bool(v)
        return int(v)
    if isinstance(t, idl.AbstractGenericString):
        return str(v)
    return msg_out(v, digest_over)


def value_out(t, v, digest_over):
    if isinstance(t, idl.AbstractNestedType):
        e = t.value_type
        if digest_over is not None and isinstance(e, idl.BasicType) and e.typename in ('octet', 'uint8', 'char'):
            raw = bytes(v) if not isinstance(v, list) else b''.join(v) if v and isinstance(v[0], bytes) else bytes(v)
            if len(raw) > digest_over:
                return {'$sha256': hashlib.sha256(raw).hexdigest(), 'length': len(raw)}
        return [scalar_out(e, x, digest_over) for x in v]
    return scalar_out(t, v, digest_over)


def msg_out(m, digest_over=None):
    fields = m.get_fields_and_field_types().keys()
    return {f: value_out(t, getattr(m, f), digest_over) for f, t in zip(fields, m.SLOT_TYPES)}


def scalar_in(t, v):
    if isinstance(t, idl.BasicType):
        if t.typename in INT64:
            return int(v)
        if t.typename in FLOATS:
            return float_in(v)
        if t.typename == 'octet':
            return bytes([int(v)])
        if t.typename == 'boolean':
            return bool(v)
        return int(v)
    if isinstance(t, idl.AbstractGenericString):
        return v
    return msg_in(nested_class(t), v)


def nested_class(t):
    return load_type('/'.join([*t.namespaces, t.name]))


def value_in(t, v):
    if isinstance(t, idl.AbstractNestedType):
        e = t.value_type
        if isinstance(v, dict) and '$fill' in v:
            f = v['$fill']
            raw = bytes((i * f['mul'] + f['add']) & 0xFF for i in range(f['length']))
            return [bytes([b]) for b in raw] if e.typename == 'octet' else array.array('B', raw)
        items = [scalar_in(e, x) for x in v]
        if isinstance(e, idl.BasicType) and e.typename not in ('octet', 'boolean'):
            if isinstance(t, idl.Array):
                return numpy.array(items, dtype=numpy_type(e.typename))
            return array.array(array_code(e.typename), items)
        return items
    return scalar_in(t, v)


def numpy_type(n):
    return {'float': numpy.float32, 'double': numpy.float64, 'long double': numpy.longdouble, 'char': numpy.uint8,
            'int8': numpy.int8, 'uint8': numpy.uint8, 'int16': numpy.int16, 'uint16': numpy.uint16,
            'int32': numpy.int32, 'uint32': numpy.uint32, 'int64': numpy.int64, 'uint64': numpy.uint64}[n]


def array_code(n):
    return {'float': 'f', 'double': 'd', 'char': 'B', 'int8': 'b', 'uint8': 'B', 'int16': 'h', 'uint16': 'H',
            'int32': 'i', 'uint32': 'I', 'int64': 'q', 'uint64': 'Q'}[n]


def msg_in(cls, obj):
    m = cls()
    if obj is None:
        return m
    types = dict(zip(cls.get_fields_and_field_types().keys(), cls.SLOT_TYPES))
    for f, v in obj.items():
        setattr(m, f, value_in(types[f], v))
    return m


def qos_in(q):
    q = q or {}
    return QoSProfile(
        reliability=ReliabilityPolicy.BEST_EFFORT if q.get('reliability') == 'best_effort' else ReliabilityPolicy.RELIABLE,
        durability=DurabilityPolicy.TRANSIENT_LOCAL if q.get('durability') == 'transient_local' else DurabilityPolicy.VOLATILE,
        history=HistoryPolicy.KEEP_ALL if q.get('history') == 'keep_all' else HistoryPolicy.KEEP_LAST,
        depth=q.get('depth', 10),
    )


def qos_out(p):
    return {
        'reliability': p.reliability.name.lower(), 'durability': p.durability.name.lower(),
        'history': p.history.name.lower(), 'depth': p.depth,
        'deadline': p.deadline.nanoseconds, 'lifespan': p.lifespan.nanoseconds,
        'liveliness': p.liveliness.name.lower(), 'lease_duration': p.liveliness_lease_duration.nanoseconds,
    }


def endpoint_out(e):
    h = e.topic_type_hash
    return {
        'node_name': e.node_name, 'node_namespace': e.node_namespace, 'topic_type': e.topic_type,
        'topic_type_hash': str(h), 'endpoint_type': e.endpoint_type.name,
        'endpoint_gid': bytes(e.endpoint_gid).hex(), 'qos': qos_out(e.qos_profile),
    }


# ---------------------------------------------------------------- entities and ops

class Peer:
    def __init__(self):
        rclpy.init()
        self.executor = MultiThreadedExecutor(num_threads=4)
        self.nodes = {}
        self.entities = {}
        self.inbox = {}
        self.cond = threading.Condition()
        self.next_id = 0
        self.stops = {}
        threading.Thread(target=self.spin, daemon=True).start()

    def spin(self):
        # Short waits: rclpy creates an entity under its node's handle, which a wait in progress
        # holds, so an endless wait would keep every create op waiting.
        while True:
            self.executor.spin_once(timeout_sec=0.02)

    def new_id(self, thing, node):
        with self.cond:
            self.next_id += 1
            self.entities[self.next_id] = (thing, node)
            return self.next_id

    def entity(self, key):
        return self.entities[key][0]

    def node(self, req):
        return self.nodes[req.get('node', 'default')]


P = None


def op_node(req):
    n = rclpy.create_node(req['name'], namespace=req.get('namespace', ''))
    key = req.get('as', req['name'])
    P.nodes[key] = n
    P.nodes.setdefault('default', n)  # ops that name no node use the first one
    P.executor.add_node(n)
    return {'node': key, 'fqn': n.get_fully_qualified_name()}


def op_publisher(req):
    pub = P.node(req).create_publisher(load_type(req['type']), req['topic'], qos_in(req.get('qos')))
    return {'handle': P.new_id(pub, P.node(req))}


def op_subscription(req):
    cls = load_type(req['type'])
    key = None
    digest = req.get('digestOver')

    def on(m):
        with P.cond:
            P.inbox[key].append(msg_out(m, digest))
            P.cond.notify_all()

    sub = P.node(req).create_subscription(cls, req['topic'], on, qos_in(req.get('qos')))
    with P.cond:
        key = P.new_id(sub, P.node(req))
        P.inbox[key] = []
    return {'handle': key}


def op_publish(req):
    """Publishes `count` times, `periodMs` apart, until done or a `stop` op names this publisher."""
    pub = P.entity(req['handle'])
    msg = msg_in(pub.msg_type, req.get('msg'))
    stop = threading.Event()
    P.stops[req['handle']] = stop
    sent = 0
    for _ in range(req.get('count', 1)):
        if stop.is_set():
            break
        pub.publish(msg)
        sent += 1
        if req.get('periodMs', 0) > 0:
            stop.wait(req['periodMs'] / 1000)
    return {'sent': sent}


def op_stop(req):
    stop = P.stops.get(req['handle'])
    if stop is not None:
        stop.set()
    return {}


def op_take(req):
    """Waits until the subscription holds `count` messages (within `budgetMs`), answers and drops them."""
    end = time.monotonic() + req['budgetMs'] / 1000
    want = req.get('count', 1)
    with P.cond:
        while len(P.inbox[req['handle']]) < want:
            left = end - time.monotonic()
            if left <= 0:
                got = len(P.inbox[req['handle']])
                raise TimeoutError(f'{got} of {want} messages on subscription {req["id"]} within {req["budgetMs"]} ms')
            P.cond.wait(left)
        out, P.inbox[req['handle']] = P.inbox[req['handle']], []
    return {'messages': out}


BEHAVIOURS = {
    'trigger': lambda node, q, cls: cls(success=True, message=f'rclpy:{node.get_name()}'),
    'set_bool': lambda node, q, cls: cls(success=q.data, message=f'rclpy:{str(q.data).lower()}'),
    'add_two_ints': lambda node, q, cls: cls(sum=q.a + q.b),
    # a response with the request's fields (test_msgs/srv/BasicTypes: the same fields both ways)
    'echo': lambda node, q, cls: msg_in(cls, msg_out(q)),
}


def op_service(req):
    srv_type = load_type(req['type'])
    node = P.node(req)
    behaviour = BEHAVIOURS[req['behaviour']]

    def handle(q, response):
        return behaviour(node, q, srv_type.Response)

    return {'handle': P.new_id(node.create_service(srv_type, req['name'], handle), node)}


def op_call(req):
    """One request; waits for the service and then the response, both within `budgetMs`."""
    srv_type = load_type(req['type'])
    budget = req['budgetMs'] / 1000
    end = time.monotonic() + budget
    client = P.node(req).create_client(srv_type, req['name'])
    try:
        if not client.wait_for_service(timeout_sec=budget):
            raise TimeoutError(f'service {req["name"]} not available within {req["budgetMs"]} ms')
        future = client.call_async(msg_in(srv_type.Request, req.get('request')))
        done = threading.Event()
        future.add_done_callback(lambda _f: done.set())
        if not done.wait(max(0.0, end - time.monotonic())):
            raise TimeoutError(f'no response from {req["name"]} within {req["budgetMs"]} ms')
        return {'response': msg_out(future.result(), req.get('digestOver'))}
    finally:
        P.node(req).destroy_client(client)


def op_graph(req):
    """One graph query of rclpy's Node API, by its method name, with `args`."""
    node = P.node(req)
    q = req['query']
    args = req.get('args', [])
    if q in ('get_publishers_info_by_topic', 'get_subscriptions_info_by_topic'):
        return {'result': [endpoint_out(e) for e in getattr(node, q)(*args)]}
    allowed = {'get_node_names_and_namespaces', 'get_node_names_and_namespaces_with_enclaves',
               'get_topic_names_and_types', 'get_service_names_and_types',
               'get_publisher_names_and_types_by_node', 'get_subscriber_names_and_types_by_node',
               'get_service_names_and_types_by_node', 'get_client_names_and_types_by_node',
               'count_publishers', 'count_subscribers', 'count_clients', 'count_services', 'get_node_names'}
    if q not in allowed:
        raise ValueError(f'unknown graph query {q}')
    r = getattr(node, q)(*args)
    return {'result': [list(x) if isinstance(x, tuple) else x for x in r] if isinstance(r, list) else r}


def op_serialize(req):
    """peer JSON -> CDR (rclpy.serialization, i.e. rmw's Fast-CDR type support), many at once."""
    cls = load_type(req['type'])
    return {'hex': [serialize_message(msg_in(cls, m)).hex() for m in req['messages']]}


def op_deserialize(req):
    cls = load_type(req['type'])
    out = []
    for h in req['hex']:
        try:
            out.append({'msg': msg_out(deserialize_message(bytes.fromhex(h), cls))})
        except Exception as e:  # one bad sample answers its error, the batch goes on
            out.append({'error': f'{type(e).__name__}: {e}'})
    return {'messages': out}


def op_types(req):
    """Which of `types` the peer cannot import (a package the wheels do not carry)."""
    missing = []
    for t in req['types']:
        try:
            load_type(t)
        except (ImportError, AttributeError):
            missing.append(t)
    return {'missing': missing}


def op_rmw(req):
    return {'rmw': rclpy.get_rmw_implementation_identifier()}


def op_destroy(req):
    """Destroys a publisher, subscription or service by id, or a node by its key (`node`)."""
    if 'node' in req:
        n = P.nodes.pop(req['node'])
        P.executor.remove_node(n)
        n.destroy_node()
        return {}
    thing, node = P.entities.pop(req['handle'])
    P.stops.pop(req['handle'], None)
    kind = type(thing).__name__.lower()
    getattr(node, f'destroy_{kind}')(thing)
    P.inbox.pop(req['handle'], None)
    return {}


OUT = threading.Lock()
# Answers go to the original stdout; fd 1 then points at stderr, so what native code logs there
# (zenoh's log lines) never mixes into the JSON lines.
ANSWERS = os.fdopen(os.dup(1), 'w')
os.dup2(2, 1)


def answer(obj):
    line = json.dumps(obj, allow_nan=False)
    with OUT:
        ANSWERS.write(line + '\n')
        ANSWERS.flush()


def run(req):
    try:
        fn = globals().get(f'op_{req.get("op")}')
        if fn is None:
            raise ValueError(f'unknown op {req.get("op")}')
        answer({**fn(req), 'id': req['id'], 'ok': True})
    except Exception as e:
        answer({'id': req.get('id'), 'ok': False, 'error': f'{type(e).__name__}: {e}'})


def main():
    global P
    P = Peer()
    pool = ThreadPoolExecutor(max_workers=16)
    answer({'id': 0, 'ok': True, 'ready': True, 'rmw': rclpy.get_rmw_implementation_identifier()})
    for line in sys.stdin:
        if line.strip() == '':
            continue
        req = json.loads(line)
        if req.get('op') == 'exit':
            break
        pool.submit(run, req)
    else:
        pool.shutdown(wait=True)  # stdin closed: finish what was asked (every op has a budget)
    os._exit(0)  # rmw_zenoh's threads would keep the process alive


if __name__ == '__main__':
    main()
