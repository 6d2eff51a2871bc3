"""Reads a rosbag2 MCAP bag with two independent readers and prints what each decoded, as JSON.

rosbags: its rosbag2 Reader (MCAP storage), types registered from the definitions in the bag,
deserialize_cdr. Foxglove's mcap + mcap-ros2-support: every .mcap file of the bag in order,
decoded with the ros2msg schemas in the files. Usage: read_bag.py <bag folder>
"""

import json
import re
import sys
from pathlib import Path

from bag_canon import canon
from mcap.reader import make_reader
from mcap_ros2.decoder import DecoderFactory
from rosbags.rosbag2 import Reader
from rosbags.typesys import Stores, get_types_from_msg, get_typestore

# a field of type wstring (neither reader parses one)
WSTRING_FIELD = re.compile(r'^\s*wstring\b', re.MULTILINE)

bag = Path(sys.argv[1])
out = {}

# rosbags' .msg parser knows no wstring: such topics are left to the other reader (and said)
skipped = []
with Reader(bag) as reader:
    store = get_typestore(Stores.EMPTY)
    types = {}
    readable = []
    for c in reader.connections:
        if WSTRING_FIELD.search(c.msgdef.data):
            skipped.append(c.topic)
            continue
        types.update(get_types_from_msg(c.msgdef.data, c.msgtype))
        readable.append(c)
    store.register(types)
    messages = []
    for c, t, raw in reader.messages(connections=readable):
        messages.append({'topic': c.topic, 'log': str(t), 'value': canon(store.deserialize_cdr(raw, c.msgtype))})
    out['rosbags'] = {
        'messages': messages,
        'start': str(reader.start_time),
        'end': str(reader.end_time),
        'count': reader.message_count,
        'skipped': skipped,
        'topics': {
            c.topic: {
                'type': c.msgtype,
                'count': c.msgcount,
                'format': c.ext.serialization_format,
                'qos': [
                    {'history': q.history.name, 'depth': q.depth, 'reliability': q.reliability.name,
                     'durability': q.durability.name}
                    for q in c.ext.offered_qos_profiles
                ],
            }
            for c in reader.connections
        },
    }

messages = []
headers = []
for path in sorted(bag.glob('*.mcap'), key=lambda p: int(p.stem.rsplit('_', 1)[1])):
    with open(path, 'rb') as f:
        r = make_reader(f, decoder_factories=[DecoderFactory()])
        h = r.get_header()
        headers.append({'profile': h.profile, 'library': h.library})
        summary = r.get_summary()
        # mcap-ros2-support does not parse wstring either
        topics = [
            c.topic for c in summary.channels.values() if not WSTRING_FIELD.search(summary.schemas[c.schema_id].data.decode())
        ]
        for schema, channel, message, decoded in r.iter_decoded_messages(topics=topics, log_time_order=True):
            messages.append({
                'topic': channel.topic,
                'log': str(message.log_time),
                'publish': str(message.publish_time),
                'schema': schema.name,
                'encoding': schema.encoding,
                'value': canon(decoded),
            })
out['mcap'] = {'messages': messages, 'headers': headers}
json.dump(out, sys.stdout)
