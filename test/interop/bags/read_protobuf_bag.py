"""Reads the .mcap files of a vrobots bag with Foxglove's mcap + mcap-protobuf-support and prints
what it decoded, as JSON: each message's channel, schema, times and the message re-serialised
from the descriptor pool the reader built from the bag's FileDescriptorSet schema.
Usage: read_protobuf_bag.py <bag folder>
"""

import base64
import json
import sys
from pathlib import Path

from mcap.reader import make_reader
from mcap_protobuf.decoder import DecoderFactory

out = []
for path in sorted(Path(sys.argv[1]).glob("*.mcap")):
    with open(path, "rb") as f:
        reader = make_reader(f, decoder_factories=[DecoderFactory()])
        for schema, channel, message, decoded in reader.iter_decoded_messages():
            out.append(
                {
                    "topic": channel.topic,
                    "messageEncoding": channel.message_encoding,
                    "schemaName": schema.name,
                    "schemaEncoding": schema.encoding,
                    "decodedType": decoded.DESCRIPTOR.full_name,
                    "logTime": str(message.log_time),
                    "seq": str(decoded.header.seq),
                    "sysId": decoded.header.sys_id,
                    "bytes": base64.b64encode(decoded.SerializeToString(deterministic=True)).decode(),
                }
            )
print(json.dumps(out))
