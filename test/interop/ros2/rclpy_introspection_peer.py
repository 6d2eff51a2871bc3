"""rclpy_peer.py with service introspection, for service-introspection.test.ts.

  rpy rclpy_introspection_peer.py      (the protocol and every op of rclpy_peer.py, plus:)

- introspect: `configure_introspection(node clock, qos_profile_system_default, state)` on the
  service or client `handle` (`state`: off, metadata or contents), as the rclpy demos call it.
- client: a client of `type` on `name`, kept as `handle` (introspect, then call_client).
- call_client: one request on the client `handle`; waits for the service and the response
  within `budgetMs`; answers the response and the request's sequence number.
- types also name a service's Event message: `pkg/srv/Name_Event` (rclpy keeps it as Name.Event).
"""
import threading
import time

from rclpy.qos import qos_profile_system_default
from rclpy.service_introspection import ServiceIntrospectionState

import rclpy_peer as base

STATES = {
    'off': ServiceIntrospectionState.OFF,
    'metadata': ServiceIntrospectionState.METADATA,
    'contents': ServiceIntrospectionState.CONTENTS,
}
plain_load_type = base.load_type


def load_type(name):
    pkg, kind, leaf = name.split('/')
    if kind == 'srv' and leaf.endswith('_Event'):
        return plain_load_type(f'{pkg}/srv/{leaf[:-len("_Event")]}').Event
    return plain_load_type(name)


def op_introspect(req):
    thing, node = base.P.entities[req['handle']]
    thing.configure_introspection(node.get_clock(), qos_profile_system_default, STATES[req['state']])
    return {}


def op_client(req):
    node = base.P.node(req)
    return {'handle': base.P.new_id(node.create_client(load_type(req['type']), req['name']), node)}


def op_call_client(req):
    client = base.P.entity(req['handle'])
    budget = req['budgetMs'] / 1000
    end = time.monotonic() + budget
    if not client.wait_for_service(timeout_sec=budget):
        raise TimeoutError(f'service {client.srv_name} not available within {req["budgetMs"]} ms')
    future = client.call_async(base.msg_in(client.srv_type.Request, req.get('request')))
    done = threading.Event()
    future.add_done_callback(lambda _f: done.set())
    if not done.wait(max(0.0, end - time.monotonic())):
        raise TimeoutError(f'no response from {client.srv_name} within {req["budgetMs"]} ms')
    return {'response': base.msg_out(future.result())}


# rclpy_peer's dispatcher finds ops (and load_type) among its module's globals.
base.load_type = load_type
base.op_introspect = op_introspect
base.op_client = op_client
base.op_call_client = op_call_client

if __name__ == '__main__':
    base.main()
