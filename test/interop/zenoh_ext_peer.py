"""
An independent ROS 2-over-zenoh peer for the interop tests: eclipse-zenoh's zenoh-ext
AdvancedPublisher / AdvancedSubscriber (from PyPI), configured as rmw_zenoh configures them
for TRANSIENT_LOCAL, on a peer session with timestamping on (as rmw_zenoh's sessions).

  pub --connect E --key K --depth D --count N [--reliable] [--local-only] [--token T]
      cache of D samples, publisher detection, sporadic heartbeat when --reliable; publishes
      "m1".."mN" with the rmw_zenoh attachment (GID = XXH3-128 of token T, declared as a
      liveliness token), prints "published", then stays until stdin closes.
      --local-only: live samples stay in this session, so only history reaches others.
  sub --connect E --key K --depth D --expect M [--reliable] [--history-only] [--budget S]
      history with late-publisher detection and max_samples D, subscriber detection,
      heartbeat recovery when --reliable; prints "ready", then one JSON line per sample,
      waits --grace seconds for extras after the M-th and prints a closing JSON line
      {"done": n, "graph_gids": {...}} (GID of every @ros2_lv token, hashed here).
      --history-only: live samples from other sessions are ignored, only history counts.
Every wait has a budget; on running out the peer prints {"timeout": ...} and exits 1.
"""
import argparse
import json
import struct
import sys
import threading
import time

import xxhash
import zenoh
from zenoh import ext


def gid_of(token: str) -> bytes:
    return xxhash.xxh3_128_intdigest(token.encode()).to_bytes(16, "little")


def open_session(connect: str) -> zenoh.Session:
    conf = zenoh.Config()
    conf.insert_json5("mode", '"peer"')
    conf.insert_json5("connect/endpoints", json.dumps([connect]))
    conf.insert_json5("scouting/multicast/enabled", "false")
    conf.insert_json5("timestamping/enabled", "true")
    return zenoh.open(conf)


def attachment(seq: int, gid: bytes) -> bytes:
    return struct.pack("<qqB", seq, time.time_ns(), 16) + gid


def publisher(a: argparse.Namespace) -> int:
    session = open_session(a.connect)
    gid = gid_of(a.token) if a.token else bytes(16)
    token = session.liveliness().declare_token(a.token) if a.token else None
    miss = ext.MissDetectionConfig(heartbeat=None, sporadic_heartbeat=0.5) if a.reliable else None
    pub = ext.declare_advanced_publisher(
        session,
        a.key,
        reliability=zenoh.Reliability.RELIABLE if a.reliable else zenoh.Reliability.BEST_EFFORT,
        allowed_destination=zenoh.Locality.SESSION_LOCAL if a.local_only else None,
        cache=ext.CacheConfig(max_samples=a.depth),
        sample_miss_detection=miss,
        publisher_detection=True,
    )
    for i in range(1, a.count + 1):
        pub.put(f"m{i}".encode(), attachment=attachment(i, gid))
    print("published", flush=True)
    sys.stdin.read()
    pub.undeclare()
    if token is not None:
        token.undeclare()
    session.close()
    return 0


def graph_gids(session: zenoh.Session) -> dict:
    out = {}
    for reply in session.liveliness().get("@ros2_lv/**", timeout=5.0):
        if reply.ok is not None:
            key = str(reply.ok.key_expr)
            out[gid_of(key).hex()] = key
    return out


def subscriber(a: argparse.Namespace) -> int:
    session = open_session(a.connect)
    got = []
    lock = threading.Lock()
    enough = threading.Event()

    def on_sample(s: zenoh.Sample) -> None:
        att = s.attachment.to_bytes() if s.attachment is not None else b""
        line = {
            "key": str(s.key_expr),
            "payload": s.payload.to_bytes().decode(errors="replace"),
            "timestamp": str(s.timestamp) if s.timestamp is not None else None,
            "seq": struct.unpack_from("<q", att)[0] if len(att) == 33 else None,
            "gid": att[17:].hex() if len(att) == 33 else None,
        }
        with lock:
            got.append(line)
            print(json.dumps(line), flush=True)
            if len(got) >= a.expect:
                enough.set()

    recovery = ext.RecoveryConfig(periodic_queries=None, heartbeat=True) if a.reliable else None
    sub = ext.declare_advanced_subscriber(
        session,
        a.key,
        on_sample,
        allowed_origin=zenoh.Locality.SESSION_LOCAL if a.history_only else None,
        history=ext.HistoryConfig(detect_late_publishers=True, max_samples=a.depth),
        recovery=recovery,
        subscriber_detection=True,
    )
    # Samples may already be arriving on zenoh's threads: every line is printed under the lock,
    # since print writes the text and the newline apart.
    with lock:
        print("ready", flush=True)
    if not enough.wait(a.budget):
        with lock:
            print(json.dumps({"timeout": f"{len(got)} of {a.expect} samples in {a.budget} s"}), flush=True)
        return 1
    time.sleep(a.grace)
    gids = graph_gids(session)
    with lock:
        print(json.dumps({"done": len(got), "graph_gids": gids}), flush=True)
    sub.undeclare()
    session.close()
    return 0


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("role", choices=["pub", "sub"])
    p.add_argument("--connect", required=True)
    p.add_argument("--key", required=True)
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--count", type=int, default=0)
    p.add_argument("--expect", type=int, default=0)
    p.add_argument("--reliable", action="store_true")
    p.add_argument("--local-only", action="store_true")
    p.add_argument("--history-only", action="store_true")
    p.add_argument("--token", default="")
    p.add_argument("--budget", type=float, default=30.0)
    p.add_argument("--grace", type=float, default=1.0)
    a = p.parse_args()
    return publisher(a) if a.role == "pub" else subscriber(a)


if __name__ == "__main__":
    sys.exit(main())
