"""Message values as canonical JSON, the same form test/interop/bags/bag-canon.ts gives.

ints -> "i:<decimal>", floats -> "f:<16 hex digits of the float64 bits>" ("f:nan" for any NaN),
strings -> "s:<text>", booleans as JSON booleans, arrays (lists, tuples, numpy arrays, bytes)
as lists, messages as objects of their fields (the CDR filler of empty structs and the
constants, which ROS names in upper case and fields never are, left out).
"""

import dataclasses
import math
import struct

FILLER = 'structure_needs_at_least_one_member'


def canon(v):
    if isinstance(v, bool):
        return v
    if hasattr(v, 'dtype') and hasattr(v, 'tolist'):  # numpy scalar or array
        return canon(v.tolist())
    if isinstance(v, int):
        return f'i:{v}'
    if isinstance(v, float):
        return 'f:nan' if math.isnan(v) else 'f:' + struct.pack('>d', v).hex()
    if isinstance(v, str):
        return 's:' + v
    if isinstance(v, (bytes, bytearray, memoryview)):
        return [f'i:{b}' for b in bytes(v)]
    if isinstance(v, (list, tuple)):
        return [canon(x) for x in v]
    if dataclasses.is_dataclass(v):
        names = [f.name for f in dataclasses.fields(v)]
    elif hasattr(type(v), '__slots__'):
        names = list(type(v).__slots__)
    else:
        names = [k for k in vars(v)]
    return {n: canon(getattr(v, n)) for n in names if not n.startswith('_') and n != FILLER and not n.isupper()}
