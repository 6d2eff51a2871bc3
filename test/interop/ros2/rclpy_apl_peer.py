"""Real rclpy (ROS 2 Kilted) on rmw_zenoh_cpp for the interop checks of actions, parameters,
lifecycle and transient local: one process, one context, driven by JSON lines.

  rpy rclpy_apl_peer.py      (its own node: /rclpy_apl; the nodes it makes take `namespace`)

The protocol of rclpy_peer.py (peer.ts runs either): stdin one command a line,
{"id": N, "op": "...", ...}; stdout {"id": N, "ok": true, ...} (or "ok": false with "error") per
command, first {"id": 0, "ok": true, "ready": true}; {"op": "exit"} or the end of stdin stops it.
Every wait takes `budgetMs` (default 20000). What the servers and callbacks see is kept as
events, answered by the `events` op.
Everything here uses rclpy's own API (ActionServer/ActionClient, AsyncParameterClient,
rclpy.lifecycle.Node, plain service clients for what a tool would call by hand), so what rclts
sees is what rmw_zenoh_cpp puts on the wire for a ROS 2 program.
"""
import json
import os
import sys
import threading
import time
import traceback

import rclpy
from action_msgs.msg import GoalStatus
from action_msgs.srv import CancelGoal
from lifecycle_msgs.msg import TransitionEvent
from lifecycle_msgs.srv import ChangeState, GetAvailableStates, GetAvailableTransitions, GetState
from rcl_interfaces.msg import FloatingPointRange, IntegerRange, Log, ParameterDescriptor, ParameterEvent
from rcl_interfaces.msg import ParameterType as PT
from rclpy.action import ActionClient, ActionServer, CancelResponse, GoalResponse
from rclpy.action import graph as action_graph
from rclpy.callback_groups import ReentrantCallbackGroup
from rclpy.duration import Duration
from rclpy.executors import MultiThreadedExecutor
from rclpy.lifecycle import Node as LifecycleNode
from rclpy.lifecycle import TransitionCallbackReturn
from rclpy.node import Node
from rclpy.parameter import Parameter
from rclpy.parameter_client import AsyncParameterClient
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import String
from test_msgs.action import Fibonacci

OUT = threading.Lock()
GROUP = ReentrantCallbackGroup()
# As rclpy_peer.py: answers go to the original stdout, fd 1 then points at stderr, so what native
# code logs there (zenoh) never mixes into the JSON lines.
ANSWERS = os.fdopen(os.dup(1), 'w')
os.dup2(2, 1)


def emit(obj):
    with OUT:
        ANSWERS.write(json.dumps(obj) + '\n')
        ANSWERS.flush()


EVENTS = []


def event(obj):
    with OUT:
        EVENTS.append(obj)


def budget_of(c):
    return c.get('budgetMs', 20_000) / 1000


def wait_future(future, budget, what):
    done = threading.Event()
    future.add_done_callback(lambda _f: done.set())
    if not done.wait(budget):
        raise TimeoutError(f'{what}: no answer within {budget} s')
    return future.result()


# ---- values -------------------------------------------------------------------------------

FIELD = {
    PT.PARAMETER_BOOL: 'bool_value',
    PT.PARAMETER_INTEGER: 'integer_value',
    PT.PARAMETER_DOUBLE: 'double_value',
    PT.PARAMETER_STRING: 'string_value',
    PT.PARAMETER_BYTE_ARRAY: 'byte_array_value',
    PT.PARAMETER_BOOL_ARRAY: 'bool_array_value',
    PT.PARAMETER_INTEGER_ARRAY: 'integer_array_value',
    PT.PARAMETER_DOUBLE_ARRAY: 'double_array_value',
    PT.PARAMETER_STRING_ARRAY: 'string_array_value',
}


def value_json(v):
    """A ParameterValue as {"type": id, "value": ...}: integers as decimal strings (int64 in
    JSON), bytes as a list of numbers."""
    if v.type == PT.PARAMETER_NOT_SET:
        return {'type': 0, 'value': None}
    raw = getattr(v, FIELD[v.type])
    if v.type == PT.PARAMETER_BYTE_ARRAY:
        raw = [b if isinstance(b, int) else ord(b) for b in raw]
    elif v.type >= PT.PARAMETER_BOOL_ARRAY:
        raw = [x.item() if hasattr(x, 'item') else x for x in raw]
    if v.type == PT.PARAMETER_INTEGER:
        raw = str(raw)
    elif v.type == PT.PARAMETER_INTEGER_ARRAY:
        raw = [str(x) for x in raw]
    return {'type': v.type, 'value': raw}


def parameter_of(p):
    """rclpy Parameter from {"name", "type", "value"}."""
    t = Parameter.Type(p['type'])
    value = p['value']
    if t == Parameter.Type.BYTE_ARRAY:
        value = [bytes([b]) for b in value]
    elif t == Parameter.Type.DOUBLE:
        value = float(value)
    elif t == Parameter.Type.DOUBLE_ARRAY:
        value = [float(x) for x in value]
    elif t == Parameter.Type.INTEGER:
        value = int(value)
    elif t == Parameter.Type.INTEGER_ARRAY:
        value = [int(x) for x in value]
    return Parameter(p['name'], t, value)


def descriptor_json(d):
    return {
        'name': d.name,
        'type': d.type,
        'description': d.description,
        'additional_constraints': d.additional_constraints,
        'read_only': d.read_only,
        'dynamic_typing': d.dynamic_typing,
        'floating_point_range': [
            {'from_value': r.from_value, 'to_value': r.to_value, 'step': r.step} for r in d.floating_point_range
        ],
        'integer_range': [{'from_value': r.from_value, 'to_value': r.to_value, 'step': r.step} for r in d.integer_range],
    }


def event_json(e):
    return {
        'node': e.node,
        'stamp': [e.stamp.sec, e.stamp.nanosec],
        'new': [{'name': p.name, **value_json(p.value)} for p in e.new_parameters],
        'changed': [{'name': p.name, **value_json(p.value)} for p in e.changed_parameters],
        'deleted': [{'name': p.name, **value_json(p.value)} for p in e.deleted_parameters],
    }


# ---- the peer -----------------------------------------------------------------------------


class Peer:
    def __init__(self):
        # Goals execute by blocking a thread each (as the rclpy tutorials write them): room for many.
        self.executor = MultiThreadedExecutor(num_threads=24)
        self.node = Node('rclpy_apl')
        self.executor.add_node(self.node)
        self.nodes = {}
        self.pubs = {}
        self.received = {}
        self.lock = threading.Lock()
        self.action_clients = {}
        self.param_clients = {}
        self.service_clients = {}
        self.servers = []
        # Every /parameter_events event of the graph, as received (the rclpy default QoS for it).
        self.param_events = []
        self.node.create_subscription(
            ParameterEvent,
            '/parameter_events',
            self._on_param_event,
            rclpy.qos.qos_profile_parameter_events,
            callback_group=GROUP,
        )

    def _on_param_event(self, e):
        with self.lock:
            self.param_events.append(event_json(e))

    def spin(self):
        self.executor.spin()

    # ---- actions ----

    def op_action_server(self, c):
        """A Fibonacci server: order < 0 rejected, order == abort_order aborted after one step,
        feedback every step_ms, cancel accepted; each goal's end as an event."""
        step = c.get('step_ms', 50) / 1000.0
        abort_order = c.get('abort_order', 99)

        def on_goal(goal):
            accepted = goal.order >= 0
            event({'event': 'goal', 'action': c['name'], 'order': goal.order, 'accepted': accepted})
            return GoalResponse.ACCEPT if accepted else GoalResponse.REJECT

        def on_cancel(handle):
            event({'event': 'cancel_request', 'action': c['name'], 'goal_id': bytes(handle.goal_id.uuid).hex()})
            return CancelResponse.ACCEPT

        def execute(handle):
            seq = [0, 1]
            gid = bytes(handle.goal_id.uuid).hex()
            while True:
                if handle.is_cancel_requested:
                    handle.canceled()
                    event({'event': 'goal_done', 'goal_id': gid, 'status': GoalStatus.STATUS_CANCELED})
                    return Fibonacci.Result(sequence=seq)
                if handle.request.order == abort_order and len(seq) > 2:
                    handle.abort()
                    event({'event': 'goal_done', 'goal_id': gid, 'status': GoalStatus.STATUS_ABORTED})
                    return Fibonacci.Result(sequence=seq)
                if len(seq) > handle.request.order:
                    handle.succeed()
                    event({'event': 'goal_done', 'goal_id': gid, 'status': GoalStatus.STATUS_SUCCEEDED})
                    return Fibonacci.Result(sequence=seq)
                seq.append(seq[-1] + seq[-2])
                handle.publish_feedback(Fibonacci.Feedback(sequence=seq))
                time.sleep(step)

        server = ActionServer(
            self.node,
            Fibonacci,
            c['name'],
            execute_callback=execute,
            goal_callback=on_goal,
            cancel_callback=on_cancel,
            callback_group=GROUP,
        )
        self.servers.append(server)
        return {}

    def _action_client(self, name):
        """The client of `name` and its lock: rclpy's ActionClient is not safe to call from
        several threads at once (concurrent send_goal_async calls fail inside rcl_action)."""
        with self.lock:
            if name not in self.action_clients:
                self.action_clients[name] = (
                    ActionClient(self.node, Fibonacci, name, callback_group=GROUP),
                    threading.Lock(),
                )
            return self.action_clients[name]

    def op_action_goal(self, c):
        """Sends one goal; cancels it after `cancel_after` feedback messages when given (0: at
        once after acceptance); answers acceptance, feedback, the cancel answer, the result."""
        budget = budget_of(c)
        client, client_lock = self._action_client(c['name'])
        if not client.wait_for_server(timeout_sec=budget):
            raise TimeoutError(f"action server {c['name']} not seen within {budget} s")
        feedback = []
        cancel_after = c.get('cancel_after')
        cancel_future = []
        handle_box = []
        lock = threading.Lock()

        def on_feedback(msg):
            with lock:
                feedback.append(list(msg.feedback.sequence))
                if cancel_after is not None and len(feedback) == cancel_after and handle_box and not cancel_future:
                    with client_lock:
                        cancel_future.append(handle_box[0].cancel_goal_async())

        with client_lock:
            sent = client.send_goal_async(Fibonacci.Goal(order=c['order']), feedback_callback=on_feedback)
        goal_handle = wait_future(sent, budget, 'goal response')
        out = {
            'accepted': goal_handle.accepted,
            'goal_id': bytes(goal_handle.goal_id.uuid).hex(),
            'stamp': [goal_handle.stamp.sec, goal_handle.stamp.nanosec],
        }
        if not goal_handle.accepted:
            return out
        with lock:
            handle_box.append(goal_handle)
            if cancel_after == 0 or (cancel_after is not None and len(feedback) >= cancel_after and not cancel_future):
                with client_lock:
                    cancel_future.append(goal_handle.cancel_goal_async())
        with client_lock:
            asked = goal_handle.get_result_async()
        result = wait_future(asked, budget, 'result')
        if cancel_future:
            answer = wait_future(cancel_future[0], budget, 'cancel answer')
            out['cancel'] = {
                'return_code': answer.return_code,
                'goals_canceling': [bytes(g.goal_id.uuid).hex() for g in answer.goals_canceling],
            }
        out['feedback'] = feedback
        out['status'] = result.status
        out['sequence'] = list(result.result.sequence)
        return out

    def _service_client(self, srv_type, name):
        key = (srv_type.__name__, name)
        if key not in self.service_clients:
            self.service_clients[key] = self.node.create_client(srv_type, name, callback_group=GROUP)
        return self.service_clients[key]

    def _call(self, srv_type, name, request, budget):
        client = self._service_client(srv_type, name)
        if not client.wait_for_service(timeout_sec=budget):
            raise TimeoutError(f'service {name} not seen within {budget} s')
        return wait_future(client.call_async(request), budget, name)

    def op_cancel_raw(self, c):
        """A CancelGoal request by hand (as `ros2 service call` would): goal id hex, stamp."""
        req = CancelGoal.Request()
        req.goal_info.goal_id.uuid = list(bytes.fromhex(c['goal_id']))
        req.goal_info.stamp.sec, req.goal_info.stamp.nanosec = c.get('stamp', [0, 0])
        res = self._call(CancelGoal, c['name'] + '/_action/cancel_goal', req, budget_of(c))
        return {
            'return_code': res.return_code,
            'goals_canceling': [bytes(g.goal_id.uuid).hex() for g in res.goals_canceling],
        }

    def op_action_graph(self, c):
        """rclpy.action.graph's answers (what `ros2 action list -t` / `action info` read)."""
        node_name, node_ns = c.get('node', [None, None])
        out = {'actions': [[n, list(t)] for n, t in action_graph.get_action_names_and_types(self.node)]}
        if node_name is not None:
            out['servers'] = [
                [n, list(t)]
                for n, t in action_graph.get_action_server_names_and_types_by_node(self.node, node_name, node_ns)
            ]
            out['clients'] = [
                [n, list(t)]
                for n, t in action_graph.get_action_client_names_and_types_by_node(self.node, node_name, node_ns)
            ]
        return out

    # ---- parameters ----

    def op_declare_params(self, c):
        """A node of its own with one declared parameter of every type, ranges and read-only."""
        n = Node(c['node'], namespace=c.get('namespace', '/'))
        rng_i = ParameterDescriptor(integer_range=[IntegerRange(from_value=0, to_value=100, step=5)])
        rng_d = ParameterDescriptor(floating_point_range=[FloatingPointRange(from_value=0.0, to_value=1.0, step=0.25)])
        n.declare_parameter('b', True)
        n.declare_parameter('i', 10, rng_i)
        n.declare_parameter('d', 0.5, rng_d)
        n.declare_parameter('s', 'hello')
        n.declare_parameter('ba', [b'\x01', b'\xff'])
        n.declare_parameter('bools', [True, False])
        n.declare_parameter('ints', [1, -2, 3])
        n.declare_parameter('doubles', [1.5, -2.25])
        n.declare_parameter('strings', ['a', 'b'])
        n.declare_parameter('ro', 'fixed', ParameterDescriptor(read_only=True, description='read only'))
        n.declare_parameter('group.x', 1)
        n.declare_parameter('group.sub.y', 2)
        self.nodes[c['node']] = n
        self.executor.add_node(n)
        return {'node': n.get_fully_qualified_name()}

    def op_local_params(self, c):
        """The values the rclpy node holds now (after a remote set)."""
        n = self.nodes[c['node']]
        return {'values': {p.name: value_json(p.get_parameter_value()) for p in n.get_parameters(c['names'])}}

    def _param_client(self, remote, budget):
        if remote not in self.param_clients:
            self.param_clients[remote] = AsyncParameterClient(self.node, remote, callback_group=GROUP)
        client = self.param_clients[remote]
        if not client.wait_for_services(timeout_sec=budget):
            raise TimeoutError(f'parameter services of {remote} not seen within {budget} s')
        return client

    def op_param(self, c):
        """One AsyncParameterClient call on a remote node: list, get, types, describe, set, atomic."""
        budget = budget_of(c)
        client = self._param_client(c['remote'], budget)
        call = c['call']
        if call == 'list':
            r = wait_future(client.list_parameters(c.get('prefixes', []), c.get('depth', 0)), budget, call)
            return {'names': list(r.result.names), 'prefixes': list(r.result.prefixes)}
        if call == 'get':
            r = wait_future(client.get_parameters(c['names']), budget, call)
            return {'values': [value_json(v) for v in r.values]}
        if call == 'types':
            r = wait_future(client.get_parameter_types(c['names']), budget, call)
            return {'types': list(r.types)}
        if call == 'describe':
            r = wait_future(client.describe_parameters(c['names']), budget, call)
            return {'descriptors': [descriptor_json(d) for d in r.descriptors]}
        if call == 'set':
            r = wait_future(client.set_parameters([parameter_of(p) for p in c['parameters']]), budget, call)
            return {'results': [{'successful': x.successful, 'reason': x.reason} for x in r.results]}
        if call == 'atomic':
            r = wait_future(client.set_parameters_atomically([parameter_of(p) for p in c['parameters']]), budget, call)
            return {'result': {'successful': r.result.successful, 'reason': r.result.reason}}
        raise ValueError(f'unknown parameter call {call}')

    def op_param_events(self, c):
        """The /parameter_events events received so far from node `node` (fully qualified)."""
        with self.lock:
            return {'events': [e for e in self.param_events if e['node'] == c['node']]}

    # ---- lifecycle ----

    def op_lifecycle_node(self, c):
        """An rclpy lifecycle node; its on_configure answers `configure_answers` in turn
        (SUCCESS once they run out)."""
        answers = [getattr(TransitionCallbackReturn, a) for a in c.get('configure_answers', [])]
        peer = self

        class Managed(LifecycleNode):
            def on_configure(self, state):
                event({'event': 'on_configure', 'node': c['node'], 'from': state.label})
                return answers.pop(0) if answers else TransitionCallbackReturn.SUCCESS

            def on_activate(self, state):
                event({'event': 'on_activate', 'node': c['node'], 'from': state.label})
                return super().on_activate(state)

            def on_deactivate(self, state):
                event({'event': 'on_deactivate', 'node': c['node'], 'from': state.label})
                return super().on_deactivate(state)

            def on_cleanup(self, state):
                return TransitionCallbackReturn.SUCCESS

            def on_shutdown(self, state):
                return TransitionCallbackReturn.SUCCESS

        n = Managed(c['node'], namespace=c.get('namespace', '/'))
        peer.nodes[c['node']] = n
        self.executor.add_node(n)
        return {'node': n.get_fully_qualified_name()}

    def op_lifecycle_call(self, c):
        """A lifecycle_msgs service call on a remote lifecycle node, as `ros2 lifecycle` makes it."""
        budget = budget_of(c)
        base = c['remote']
        call = c['call']
        state = lambda s: {'id': s.id, 'label': s.label}  # noqa: E731
        desc = lambda d: {  # noqa: E731
            'transition': state(d.transition),
            'start': state(d.start_state),
            'goal': state(d.goal_state),
        }
        if call == 'get_state':
            return {'state': state(self._call(GetState, base + '/get_state', GetState.Request(), budget).current_state)}
        if call == 'get_available_states':
            r = self._call(GetAvailableStates, base + '/get_available_states', GetAvailableStates.Request(), budget)
            return {'states': [state(s) for s in r.available_states]}
        if call in ('get_available_transitions', 'get_transition_graph'):
            r = self._call(GetAvailableTransitions, f'{base}/{call}', GetAvailableTransitions.Request(), budget)
            return {'transitions': [desc(d) for d in r.available_transitions]}
        if call == 'change_state':
            req = ChangeState.Request()
            req.transition.id = c.get('transition_id', 0)
            req.transition.label = c.get('label', '')
            return {'success': self._call(ChangeState, base + '/change_state', req, budget).success}
        raise ValueError(f'unknown lifecycle call {call}')

    def op_subscribe_transitions(self, c):
        """Records `<remote>/transition_event`."""
        key = c['remote'] + '/transition_event'
        self.received.setdefault(key, [])

        def on_event(e):
            with self.lock:
                self.received[key].append(
                    {
                        'transition': {'id': e.transition.id, 'label': e.transition.label},
                        'start': {'id': e.start_state.id, 'label': e.start_state.label},
                        'goal': {'id': e.goal_state.id, 'label': e.goal_state.label},
                    }
                )

        self.node.create_subscription(TransitionEvent, key, on_event, 10, callback_group=GROUP)
        return {}

    # ---- transient local (and any String topic) ----

    @staticmethod
    def _qos(c):
        return QoSProfile(
            history=HistoryPolicy.KEEP_LAST,
            depth=c.get('depth', 10),
            reliability=ReliabilityPolicy.RELIABLE,
            durability=DurabilityPolicy.TRANSIENT_LOCAL if c.get('transient_local', True) else DurabilityPolicy.VOLATILE,
        )

    def op_publish(self, c):
        """Publishes `data` (a list of strings) on a String topic, its publisher made once and kept."""
        topic = c['topic']
        if topic not in self.pubs:
            self.pubs[topic] = self.node.create_publisher(String, topic, self._qos(c))
        for d in c['data']:
            self.pubs[topic].publish(String(data=d))
        return {}

    def op_subscribe(self, c):
        """A String subscription recording what it gets."""
        topic = c['topic']
        self.received.setdefault(topic, [])

        def on_msg(m):
            with self.lock:
                self.received[topic].append(m.data)

        self.node.create_subscription(String, topic, on_msg, self._qos(c), callback_group=GROUP)
        return {}

    def op_received(self, c):
        """What a subscription got: once it holds `count` (default 0) within budgetMs, and then
        `settleMs` more, so that a duplicate or an extra sample would be seen too."""
        end = time.monotonic() + budget_of(c)
        while True:
            with self.lock:
                got = list(self.received.get(c['topic'], []))
            if len(got) >= c.get('count', 0) or time.monotonic() > end:
                break
            time.sleep(0.02)
        time.sleep(c.get('settleMs', 0) / 1000)
        with self.lock:
            return {'received': list(self.received.get(c['topic'], []))}

    def op_subscribe_rosout(self, c):
        """A /rosout subscription (rcl's rosout QoS) recording the text of lines starting with `prefix`."""
        self.received.setdefault('/rosout', [])
        qos = QoSProfile(
            history=HistoryPolicy.KEEP_LAST,
            depth=1000,
            reliability=ReliabilityPolicy.RELIABLE,
            durability=DurabilityPolicy.TRANSIENT_LOCAL,
            lifespan=Duration(seconds=10),
        )

        def on_log(m):
            if m.msg.startswith(c.get('prefix', '')):
                with self.lock:
                    self.received['/rosout'].append(m.msg)

        self.node.create_subscription(Log, '/rosout', on_log, qos, callback_group=GROUP)
        return {}

    def op_events(self, c):
        """The events kept so far (goals, cancels, callbacks), of one kind when `event` is given."""
        with OUT:
            return {'events': [e for e in EVENTS if c.get('event') in (None, e['event'])]}

    def op_log(self, c):
        """Logs `count` lines through rclpy's logger: rcl publishes each on /rosout."""
        n = self.nodes[c['node']] if 'node' in c else self.node
        for i in range(c.get('count', 1)):
            n.get_logger().info(f"{c.get('text', 'line')} {i}")
        return {'node': n.get_fully_qualified_name()}


def main():
    rclpy.init(args=['--ros-args', '--disable-stdout-logs'])
    peer = Peer()
    threading.Thread(target=peer.spin, daemon=True).start()
    emit({'id': 0, 'ok': True, 'ready': True, 'rmw': rclpy.get_rmw_implementation_identifier()})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        c = json.loads(line)
        if c.get('op') == 'exit':
            break
        handler = getattr(peer, 'op_' + c.get('op', ''), None)
        if handler is None:
            emit({'id': c.get('id'), 'ok': False, 'error': f"unknown op {c.get('op')}"})
            continue

        def run(c=c, handler=handler):
            try:
                emit({'id': c.get('id'), 'ok': True, **handler(c)})
            except Exception as e:  # noqa: BLE001 - every failure goes back to the test as a line
                emit({'id': c.get('id'), 'ok': False, 'error': f'{type(e).__name__}: {e}', 'trace': traceback.format_exc()})

        # Commands that wait (goals, calls) run beside the others.
        threading.Thread(target=run, daemon=True).start()
    os._exit(0)  # rmw_zenoh's threads would keep the process alive


if __name__ == '__main__':
    main()
