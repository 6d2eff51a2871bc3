"""rclpy_peer.py with two more ops, for the bag checks (bag.test.ts).

  rpy rclpy_bag_peer.py      (the protocol and every op of rclpy_peer.py, plus:)

- sim_node: a node `name` created with use_sim_time:=true and a timer of `periodS` seconds on its
  ROS clock, which notes the clock's time at each firing.
- sim_read: the firings of sim_node `name` so far (ns as decimal strings) and its clock's time now.
"""
import rclpy
from rclpy.parameter import Parameter

import rclpy_peer as base

FIRED = {}


def op_sim_node(req):
    n = rclpy.create_node(req['name'], parameter_overrides=[Parameter('use_sim_time', Parameter.Type.BOOL, True)])
    base.P.nodes[req['name']] = n
    base.P.executor.add_node(n)
    fired = FIRED.setdefault(req['name'], [])
    n.create_timer(req['periodS'], lambda: fired.append(n.get_clock().now().nanoseconds))
    return {'useSimTime': n.get_parameter('use_sim_time').value}


def op_sim_read(req):
    n = base.P.nodes[req['name']]
    return {'fired': [str(t) for t in FIRED.get(req['name'], [])], 'nowNs': str(n.get_clock().now().nanoseconds)}


# rclpy_peer's dispatcher finds ops among its module's globals.
base.op_sim_node = op_sim_node
base.op_sim_read = op_sim_read

if __name__ == '__main__':
    base.main()
