"""
The soak's hostile peer: an independent eclipse-zenoh session (PyPI, the .venv-interop of the
interop tests) that, for a few seconds, puts garbage on the keys the ROS graph and the vrobots
swarm use and sends queries with garbage to their services. It learns the keys the way any
peer can: rmw_zenoh liveliness tokens under @ros2_lv, and a short listen on vrobots/*/z/state.

  malformed_peer.py --connect tcp/127.0.0.1:PORT --seconds S --seed N

Garbage: random bytes, a CDR header alone, CDR with a string length past the end, CDR cut
short, empty payloads, a 64 KiB blob now and then; attachments absent, empty, of the wrong
length, 33 bytes with a bad GID length, or well-formed with a random GID and sequence number.
Never the vrobots manager's delete (a garbage that decodes would delete someone's robot).
Prints one JSON line with what it sent and heard back; exits 0, or 1 when it found nothing
to hit or could not connect.
"""
import argparse
import json
import random
import struct
import sys
import threading
import time

import zenoh

CDR_LE = b"\x00\x01\x00\x00"


def open_session(connect: str) -> zenoh.Session:
    conf = zenoh.Config()
    conf.insert_json5("mode", '"client"')
    conf.insert_json5("connect/endpoints", json.dumps([connect]))
    conf.insert_json5("scouting/multicast/enabled", "false")
    return zenoh.open(conf)


def demangle(s: str) -> str:
    return s.replace("%", "/")


def ros_keys(session: zenoh.Session) -> tuple[set, set]:
    """Data keys of publishers/subscriptions and of service servers, from liveliness tokens."""
    topics, services = set(), set()
    for reply in session.liveliness().get("@ros2_lv/**", timeout=2.0):
        if reply.ok is None:
            continue
        p = str(reply.ok.key_expr).split("/")
        if len(p) != 13:
            continue
        domain, kind, name, dds, type_hash = p[1], p[5], demangle(p[9]), demangle(p[10]), demangle(p[11])
        key = f"{domain}/{name.strip('/')}/{dds}/{type_hash}"
        if kind in ("MP", "MS"):
            topics.add(key)
        elif kind == "SS":
            services.add(key)
    return topics, services


def vrobots_ids(session: zenoh.Session, listen_s: float = 0.5) -> set:
    ids = set()

    def heard(sample: zenoh.Sample) -> None:
        parts = str(sample.key_expr).split("/")
        if len(parts) == 4:
            ids.add(parts[1])

    sub = session.declare_subscriber("vrobots/*/z/state", heard)
    time.sleep(listen_s)
    sub.undeclare()
    return ids


def garbage(rng: random.Random) -> bytes:
    k = rng.randrange(7)
    if k == 0:
        return rng.randbytes(rng.randrange(1, 64))
    if k == 1:
        return CDR_LE
    if k == 2:
        return CDR_LE + struct.pack("<I", 0xFFFFFFF0) + rng.randbytes(rng.randrange(0, 8))
    if k == 3:
        return CDR_LE + struct.pack("<I", rng.randrange(8, 200)) + rng.randbytes(rng.randrange(0, 6))
    if k == 4:
        return b""
    if k == 5 and rng.random() < 0.1:
        return rng.randbytes(65536)
    return CDR_LE + rng.randbytes(rng.randrange(0, 40))


def attachment(rng: random.Random):
    k = rng.randrange(6)
    if k == 0:
        return None
    if k == 1:
        return b""
    if k == 2:
        return rng.randbytes(rng.choice([1, 16, 32, 34, 64]))
    if k == 3:
        a = bytearray(rng.randbytes(33))
        a[16] = rng.choice([0, 15, 17, 255])
        return bytes(a)
    seq = rng.choice([rng.randrange(0, 2**63), -1, 0, 2**63 - 1])
    return struct.pack("<qqB", seq, time.time_ns() + rng.randrange(-10**12, 10**12), 16) + rng.randbytes(16)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--connect", required=True)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    try:
        session = open_session(a.connect)
    except Exception as e:  # noqa: BLE001 - one line for the fault's detail
        print(json.dumps({"error": f"cannot open a session on {a.connect}: {e}"}), flush=True)
        return 1
    topics, services = ros_keys(session)
    ids = vrobots_ids(session)
    # The simulator's subscriptions (cmd, estimate) and services; manager create, never delete.
    put_keys = sorted(topics) + [f"vrobots/{i}/z/{s}" for i in sorted(ids) for s in ("cmd", "estimate")]
    get_keys = sorted(services) + ["vrobots/manager/z/srv/create"]
    get_keys += [f"vrobots/{i}/z/srv/{s}" for i in sorted(ids) for s in ("activate", "params", "skin", "rotors")]
    counts = {"puts": 0, "gets": 0, "replies": 0, "reply_errors": 0, "put_failures": 0}
    lock = threading.Lock()

    def on_reply(reply: zenoh.Reply) -> None:
        with lock:
            counts["replies" if reply.ok is not None else "reply_errors"] += 1

    end = time.monotonic() + a.seconds
    while time.monotonic() < end:
        for _ in range(10):
            key = rng.choice(put_keys) if put_keys else None
            if key is None:
                break
            try:
                session.put(key, garbage(rng), attachment=attachment(rng))
                counts["puts"] += 1
            except Exception:  # noqa: BLE001 - counted, the run goes on
                counts["put_failures"] += 1
        if get_keys:
            try:
                session.get(rng.choice(get_keys), on_reply, payload=garbage(rng), attachment=attachment(rng), timeout=1.0)
                counts["gets"] += 1
            except Exception:  # noqa: BLE001
                counts["put_failures"] += 1
        time.sleep(0.01)
    time.sleep(1.0)  # replies still in flight
    session.close()
    with lock:
        out = {**counts, "topics": len(topics), "services": len(services), "robots": len(ids)}
    print(json.dumps(out), flush=True)
    return 0 if put_keys or get_keys else 1


if __name__ == "__main__":
    sys.exit(main())
