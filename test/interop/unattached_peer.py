"""
A plain eclipse-zenoh peer (PyPI, the .venv-interop of the interop tests) that puts samples
on one key with attachments rmw_zenoh cannot read, then one well-formed sample:

  unattached_peer.py --connect tcp/127.0.0.1:PORT --key KEY --count N

Sends N samples of each kind: no attachment, an empty one, one cut short (20 bytes), 33 bytes
with a GID length other than 16; then a last sample whose payload is
b"last" with the 33-byte attachment rmw_zenoh writes. Prints {"done": <puts>} and exits 0.
"""
import argparse
import json
import struct
import time

import zenoh


def well_formed(seq: int) -> bytes:
    return struct.pack("<qqB", seq, time.time_ns(), 16) + bytes(range(16))


def bad_attachments(seq: int) -> list:
    good = well_formed(seq)
    wrong_gid_length = bytearray(good)
    wrong_gid_length[16] = 15
    return [None, b"", good[:20], bytes(wrong_gid_length)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--connect", required=True)
    ap.add_argument("--key", required=True)
    ap.add_argument("--count", type=int, default=5)
    a = ap.parse_args()
    conf = zenoh.Config()
    conf.insert_json5("mode", '"client"')
    conf.insert_json5("connect/endpoints", json.dumps([a.connect]))
    conf.insert_json5("scouting/multicast/enabled", "false")
    session = zenoh.open(conf)
    pub = session.declare_publisher(a.key, congestion_control=zenoh.CongestionControl.BLOCK)
    time.sleep(0.5)  # the router learns the rclts subscription's interest before the first put
    puts = 0
    for i in range(a.count):
        for att in bad_attachments(i + 1):
            payload = f"bad{puts}".encode()
            if att is None:
                pub.put(payload)
            else:
                pub.put(payload, attachment=att)
            puts += 1
    pub.put(b"last", attachment=well_formed(a.count + 1))
    puts += 1
    time.sleep(0.5)
    pub.undeclare()
    session.close()
    print(json.dumps({"done": puts}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
