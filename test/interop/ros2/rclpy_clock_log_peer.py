"""rclpy_peer.py with two more ops, for the /rosout and /clock checks (rosout-clock.test.ts).

  rpy rclpy_clock_log_peer.py      (the protocol and every op of rclpy_peer.py, plus:)

- log: one record through a node's rclpy logger at `level` (debug/info/warn/error/fatal), which
  rcl publishes on /rosout; answers the logger's name.
- clock: publishes rosgraph_msgs/Clock on the publisher `handle` (made with the `publisher` op),
  `count` times `periodMs` apart, the time starting at `startNs` and advancing `stepNs` each
  time, as a simulator does; the `stop` op ends it early. Answers how many it sent and the last.
"""
import threading

import rclpy_peer as base


def op_log(req):
    logger = base.P.node(req).get_logger()
    getattr(logger, req.get('level', 'info'))(req['text'])
    return {'name': logger.name}


def op_clock(req):
    pub = base.P.entity(req['handle'])
    stop = threading.Event()
    base.P.stops[req['handle']] = stop
    ns = int(req['startNs'])
    sent = 0
    for _ in range(req.get('count', 1)):
        if stop.is_set():
            break
        m = pub.msg_type()
        m.clock.sec = ns // 1_000_000_000
        m.clock.nanosec = ns % 1_000_000_000
        pub.publish(m)
        sent += 1
        ns += int(req.get('stepNs', 0))
        stop.wait(req.get('periodMs', 10) / 1000)
    return {'sent': sent, 'lastNs': str(ns - int(req.get('stepNs', 0)))}


# rclpy_peer's dispatcher finds ops among its module's globals.
base.op_log = op_log
base.op_clock = op_clock

if __name__ == '__main__':
    base.main()
