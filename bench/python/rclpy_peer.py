"""One rclpy process of the real-ROS 2 baseline (bench/rclpy.ts), on the rmw its launch gives it.

    python rclpy_peer.py server|client|pub|sub --prefix /rclts_bench_123 [--sizes 16,1024]
                         [--executor single|events] [--rmw rmw_fastrtps_cpp|rmw_zenoh_cpp]

The rmw is chosen by how the process is started, not here: the Fast DDS venv's python, or the
`rpy` of scripts/rmw-zenoh-peer.sh (which preloads rmw_zenoh_cpp) with ZENOH_CONFIG_OVERRIDE
naming the router. --rmw is what the bench expects; a peer running another one says so and exits.

--executor picks rclpy's default SingleThreadedExecutor or the EventsExecutor of
rclpy.experimental, which answers a call in about a third of the time: the bench runs both.

Speaks JSON lines: commands on stdin, answers on stdout, one object per line, each with a
"type" ("ready", "samples", "published", "report", "error"). bench/child/rclts-peer.ts speaks
the same protocol for rclts, so both stacks run the same shapes, each role its own process:
  server  std_srvs/Trigger services <prefix>/trigger_<size>, answering a message of <size> chars
  client  {"cmd":"calls","size":S,"count":N} -> {"type":"samples","size":S,"us":[...]}
  pub     {"cmd":"publish","size":S,"count":N} -> {"type":"published","start":t0,"end":t1,"failed":k}
          std_msgs/String of <size> chars on <prefix>/chatter, reliable + keep-all
  sub     {"cmd":"report"} -> {"type":"report","delivered":n,"last":t}
Times t are wall-clock seconds (time.time()), which the bench compares across processes.
"""

import argparse
import json
import os
import sys
import threading
import time

import rclpy
from rclpy.executors import SingleThreadedExecutor
from rclpy.experimental import EventsExecutor
from rclpy.qos import HistoryPolicy, QoSProfile, ReliabilityPolicy
from std_msgs.msg import String
from std_srvs.srv import Trigger

CALL_BUDGET_S = 3.0
DISCOVERY_BUDGET_S = 20.0
STREAM_QOS = QoSProfile(history=HistoryPolicy.KEEP_ALL, reliability=ReliabilityPolicy.RELIABLE)

_out_lock = threading.Lock()


def say(obj):
    with _out_lock:
        sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
        sys.stdout.flush()


def commands():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        cmd = json.loads(line)
        if cmd.get("cmd") == "stop":
            return
        yield cmd


def spin_until(executor, stop):
    # spin() is this same loop without the check; the timeout only bounds how late a stop is seen.
    while not stop.is_set():
        executor.spin_once(timeout_sec=0.2)


def run_server(node, executor, prefix, sizes):
    def answer_with(text):
        def handle(_request, response):
            response.success = True
            response.message = text
            return response

        return handle

    for size in sizes:
        node.create_service(Trigger, f"{prefix}/trigger_{size}", answer_with("x" * size))
    stop = threading.Event()
    # stdin closing (the bench going away) or "stop" ends the server.
    threading.Thread(target=lambda: (list(commands()), stop.set()), daemon=True).start()
    say({"type": "ready"})
    spin_until(executor, stop)


def run_client(node, executor, prefix, sizes):
    clients = {size: node.create_client(Trigger, f"{prefix}/trigger_{size}") for size in sizes}
    for size, client in clients.items():
        name = f"{prefix}/trigger_{size}"
        if not client.wait_for_service(timeout_sec=DISCOVERY_BUDGET_S):
            say({"type": "error", "message": f"service {name} not found within {DISCOVERY_BUDGET_S} s"})
            return
        # A second server would answer every request too: the figures would be of two round trips.
        if node.count_services(name) != 1:
            say({"type": "error", "message": f"service {name} has {node.count_services(name)} servers, not 1"})
            return
    say({"type": "ready"})
    request = Trigger.Request()
    for cmd in commands():
        size = cmd["size"]
        client = clients[size]
        out = []
        for _ in range(cmd["count"]):
            t0 = time.perf_counter()
            future = client.call_async(request)
            executor.spin_until_future_complete(future, timeout_sec=CALL_BUDGET_S)
            if not future.done():
                say({"type": "error", "message": f"no reply from {prefix}/trigger_{size} within {CALL_BUDGET_S} s"})
                return
            elapsed = (time.perf_counter() - t0) * 1e6
            if len(future.result().message) != size:
                say({"type": "error", "message": f"reply of {prefix}/trigger_{size} has the wrong size"})
                return
            out.append(round(elapsed, 1))
        say({"type": "samples", "size": size, "us": out})


def run_pub(node, prefix):
    publisher = node.create_publisher(String, f"{prefix}/chatter", STREAM_QOS)
    deadline = time.monotonic() + DISCOVERY_BUDGET_S
    while publisher.get_subscription_count() < 1:
        if time.monotonic() > deadline:
            say({"type": "error", "message": f"no subscription on {prefix}/chatter within {DISCOVERY_BUDGET_S} s"})
            return
        time.sleep(0.01)
    if publisher.get_subscription_count() != 1:
        count = publisher.get_subscription_count()
        say({"type": "error", "message": f"{prefix}/chatter has {count} subscriptions, not 1"})
        return
    say({"type": "ready"})
    for cmd in commands():
        msg = String(data="x" * cmd["size"])
        failed = 0
        start = time.time()
        for _ in range(cmd["count"]):
            try:
                publisher.publish(msg)
            except Exception:  # a full history past its blocking time: counted, not fatal
                failed += 1
        say({"type": "published", "start": start, "end": time.time(), "failed": failed})


def run_sub(node, executor, prefix):
    state = {"delivered": 0, "last": 0.0}

    def on_message(_msg):
        state["delivered"] += 1
        state["last"] = time.time()

    node.create_subscription(String, f"{prefix}/chatter", on_message, STREAM_QOS)

    stop = threading.Event()

    def serve_reports():
        for _cmd in commands():
            say({"type": "report", "delivered": state["delivered"], "last": state["last"]})
        stop.set()

    threading.Thread(target=serve_reports, daemon=True).start()
    say({"type": "ready"})
    spin_until(executor, stop)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=["server", "client", "pub", "sub"])
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--sizes", default="16")
    parser.add_argument("--executor", choices=["single", "events"], default="single")
    parser.add_argument("--rmw")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    rclpy.init()
    rmw = rclpy.get_rmw_implementation_identifier()
    if args.rmw is not None and rmw != args.rmw:
        say({"type": "error", "message": f"rclpy runs {rmw}, not {args.rmw}: check how the peer was launched"})
        rclpy.try_shutdown()
        return
    node = rclpy.create_node(f"rclpy_bench_{args.role}")
    executor = SingleThreadedExecutor() if args.executor == "single" else EventsExecutor()
    executor.add_node(node)
    try:
        if args.role == "server":
            run_server(node, executor, args.prefix, sizes)
        elif args.role == "client":
            run_client(node, executor, args.prefix, sizes)
        elif args.role == "pub":
            run_pub(node, args.prefix)
        else:
            run_sub(node, executor, args.prefix)
    except Exception as e:  # reported to the bench, which records an error row
        say({"type": "error", "message": f"{type(e).__name__}: {e}"})
    finally:
        try:
            node.destroy_node()
            rclpy.try_shutdown()
        except Exception:
            pass


if __name__ == "__main__":
    main()
    sys.stdout.flush()
    os._exit(0)  # rmw_zenoh_cpp's threads would keep the process alive past main
