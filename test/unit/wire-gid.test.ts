import { describe, expect, it } from 'vitest';
import { gidOfToken, gidToHex, newSessionId, sessionIdBytes } from '../../src/rmw/wire/gid.js';
import { xxh3128 } from '../../src/rmw/wire/xxh3.js';

const enc = new TextEncoder();
const bytes = (n: number, mod = 256): Uint8Array => Uint8Array.from({ length: n }, (_, i) => i % mod);

// Expected values from the reference xxHash (python-xxhash's xxh3_128_intdigest, as 16 bytes
// little endian: rmw_zenoh copies low64 then high64 on a little-endian machine).
const VECTORS: ReadonlyArray<[Uint8Array, string]> = [
  [enc.encode(''), '7f498d4624c30160d8984701d306aa99'],
  [enc.encode('a'), '1f4e961eb632c6e63468f15a70af6fa9'],
  [enc.encode('abc'), '50392f89945faf7885613a73b65ab006'],
  [enc.encode('abcd'), '3d35b1d1ec9ee71bc290fa3d38606b8d'],
  [enc.encode('abcdefgh'), '120f8813b302b742333537af3732c2da'],
  [enc.encode('abcdefghi'), '98db86792d6b64c0ade0f25fbcf53fb4'],
  [enc.encode('0123456789abcdef'), 'f858be3d87b4ef0b9e4e43a08580bacc'],
  [enc.encode('0123456789abcdefg'), '6bf8fbf6b91f40c761db3357a59449d5'],
  [bytes(40), '240f2cba9786f4ade103ce29552e0dac'],
  [bytes(100), '1ec03ef0a50bb229f36695fd16ef95da'],
  [bytes(128), '417bd6640b1a32056cdc88afc32f7914'],
  [bytes(129), '3b9ab08233b630bc4ef5456bac745edd'],
  [bytes(200), 'f5d90936afe997dd0eba4306319503cb'],
  [bytes(240), 'b6bb836fe1682bc9e74055da86beb565'],
  [bytes(241, 251), '026d1c4295cde802a1a2b8bc61cba11d'],
  [bytes(1100, 251), '715a87d13f462551d0bb138c3165d117'],
];

const TOKEN =
  '@ros2_lv/0/1f0e2d3c4b5a69788796a5b4c3d2e1f0/0/1/MP/%/%/talker/%chatter/std_msgs::msg::dds_::String_/' +
  'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18/::,7:,:,:,,';

describe('XXH3-128 (the hash of rmw_zenoh GIDs)', () => {
  it('matches the reference on every length path (0, 1-3, 4-8, 9-16, 17-128, 129-240, long)', () => {
    for (const [input, hex] of VECTORS) expect(gidToHex(xxh3128(input)), `length ${input.length}`).toBe(hex);
  });
});

describe('GIDs and session ids', () => {
  it("derives an entity's GID from its liveliness token as rmw_zenoh does", () => {
    expect(gidToHex(gidOfToken(TOKEN))).toBe('7acb4a74f72dd43222259fc96c443b26');
    expect(gidToHex(gidOfToken(TOKEN))).toBe(gidToHex(gidOfToken(TOKEN)));
    expect(gidToHex(gidOfToken(`${TOKEN}x`))).not.toBe(gidToHex(gidOfToken(TOKEN)));
  });

  it('makes session ids zenoh accepts as ids (32 lowercase hex, no leading zero)', () => {
    for (let i = 0; i < 200; i++) expect(newSessionId()).toMatch(/^[1-9a-f][0-9a-f]{31}$/);
  });

  it('carries a session id as zenoh carries a ZenohId: little-endian bytes of the hex', () => {
    const le = sessionIdBytes('1f0e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(gidToHex(le)).toBe('f0e1d2c3b4a5968778695a4b3c2d0e1f');
    expect(gidToHex(sessionIdBytes('abc'))).toBe('bc0a0000000000000000000000000000');
  });
});
