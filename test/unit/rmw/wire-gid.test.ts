import { describe, expect, it } from 'vitest';
import { entityGid, gidOfToken, gidToHex, newSessionId, sessionIdBytes } from '../../../src/rmw/wire/gid.js';
import { xxh3128 } from '../../../src/rmw/wire/xxh3.js';

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

// Every length from 0 to 321 and the long path's block and stripe edges (a block is 1024 bytes,
// a stripe 64), over a xorshift32 byte stream so no two positions carry the same byte. Each
// entry is 8 hex digits: the first 2 bytes of the low half and of the high half of the digest,
// from the reference xxHash (libxxhash 0.8's XXH3_128bits). 32 bits per length are enough to
// notice a wrong turn on any path; the full digests above pin the byte order.
const LONG_LENGTHS = [1023, 1024, 1025, 1026, 1087, 1088, 1089, 1090, 2047, 2048, 2049, 2050, 2113, 2200];
const EDGE_LENGTHS = [...Array.from({ length: 322 }, (_, i) => i), ...LONG_LENGTHS];
const EDGE_PREFIXES =
  '7f49d8983b33812b2c9c7b2b96513f89c2749bb7f899c9901aeaea8b4582f365a22ab47a203f447eadd06f2cab457b62' +
  'edd2c5a89a3716d0be876a174ae47d2c2b8eb581dd3aea8910629dfc8a557e4065034ebb2c00d515346d48b36e1ab813' +
  '39e0cac6ce7449a34b66052f37f01fe871e332a0cc00fc8cd710004cfbcfe6a9c76eaefec3d49119f801b2867fbb9e0f' +
  'f8134431001b32dba4fe8e92164da089531d3045b12257689ccf552a9de4592abff9d8967be74c34991e4a0d5f3b55de' +
  '9b59ccc25ebc93fd82ec2be08442856be9d28be4c2ca2a972f710c5831f7899762153e9980902be0d0a60163271d42d2' +
  'b358827f746eb6a40d0fe74f07f19707514d0ad6d11d89fb0470a66480524fd794a2456d8009e3f9ef7f0d25ef4b782b' +
  '18d3757427001ed5e5ff8fb12cb11e269d519af45d9b78db08957193014ca8c4f48b0d59dc515e1d967f3575cd0b5d29' +
  '171da2cdf2bb70205e28dcd8aeff63760864665ae62cff1eb891adef9e823bf875699cb08314bd84dc3a1ec7afe897fd' +
  '7cc2e9f51f8a3082d0fbb04a1344c94854faae8c5bb9a03f658c0418fe1669a06dbb07eec99eb5e0da0dfc6087266461' +
  '9668e797898ce0c074bf77f4ef0d3e23efdd5e464355989b4e093f5f593f6bbe3225123b01621363a623dc04a094c194' +
  '9ba6a7baa77ee217e835b0e65cb765b41872c41cf99a3fafcfe6efcb8b50e5022c13aa95e427e0202fe53682e2784b8b' +
  'd50408d9a79c3df8be22568ad6e31366b4a319bcdb5a614203899833aa445b6eb6b7523011c7f6db23f28eeab64fc5f7' +
  '16d05f2cba02d00cc0270e96834495b423421ded3e14d3ba0289b5af3ae6221e97fec0b4382de1187e1541cf481e7215' +
  'b12f06a1335452ae2cedffee23e18c29d899d62df5075e77c772bd5193f4584e9909d279150dbdc8b0c9b1f435487b9b' +
  '3f3f7161280166a254f9aa166ef524c9e03c1d7e807145ec94ba134cb6ee1506cd4cdde18c10e2ba8a17b64fadfa5786' +
  '961b203c1dbf229a9accab9af00e5f8cec10fe64e68bd7db27d46ddaebac67ee189fe8e1eac68609fa52c29bd0f82d34' +
  '7448103fefaa37aeaebf1bc55d21922985b3bfc12cef6d71d88fb1bfa684ae0def4f329c6ca7f28c944bf4a38d9c9c23' +
  '6ad16c84d3512688ed402d63eb2aec2a63d2c4002c5d97f75633b53fbf81de6b83a8275ddc1eb685a97d55b1cceb0523' +
  '7a4761b51b4e168a4746696eae06534fe1fbb7b7661bd4e0619e1a4df2182f7813c9ae38527e4e1d57339e18bccbef5b' +
  'b6f2bf07f65b44e2ee6139a4a4a079b6c7de5e80c2ba3364941563a7fcb1e86d8845521adaac6fd17cb4257c2b83cd93' +
  '12604b9f9dec0a265358ced6312305568250f7369ce98452fd6cbeb74c306f200d025603a0d3876d735a0af6f3e640ca' +
  '786cc65dd8c46816a45f3a4ef90bdf5c19773e86a394a5aba00634f256e1c1ead5103592b4d8161fe465b712d0f56c64' +
  '55cd387da8de78a49ff1d8ff5509036625c976e0549e3dcccbb4f0a6a1e94630e887f2eeefdd5204e418f4992b2e3375' +
  '04d79f8c9ab2b42213b83c60fe5f353e4d5ea7b0272e66b852ed7697253667ced81c26d5aba48134f58429e056ee76a6' +
  '2ace3ce2bfe144339100657557fbcd5b7130b3cb321da12440eeb036be761afd0788a8ea316090f54a6d3d83f4408a7c' +
  'ee9298aaedb32407e313ce8a26116bd84bf2e4c409798681365e9ccf97c4de15d275ddabf23e34ec983f5a9afb8f085f' +
  '9e68d9f09e9012869b0abfb95de99e64e89e52c4be00feae2d76e82e6a6d9c23f975f26199f12d7e1f59e3230358d8dc' +
  'bdf4bd95f2c7333308196fa2929c7bb12b940750a622909872280f6e858a5708d43e48d78d7f87bdf5910fbf1a7f61ee';

function xorshiftStream(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const TOKEN =
  '@ros2_lv/0/1f0e2d3c4b5a69788796a5b4c3d2e1f0/0/1/MP/%/%/talker/%chatter/std_msgs::msg::dds_::String_/' +
  'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18/::,7:,:,:,,';

describe('XXH3-128 (the hash of rmw_zenoh GIDs)', () => {
  it('matches the reference on every length path (0, 1-3, 4-8, 9-16, 17-128, 129-240, long)', () => {
    for (const [input, hex] of VECTORS) expect(gidToHex(xxh3128(input)), `length ${input.length}`).toBe(hex);
  });

  it('matches the reference at every length up to 321 and at the block and stripe edges of long inputs', () => {
    const data = xorshiftStream(2200);
    expect(xorshiftStream(8)).toEqual(Uint8Array.from([0x19, 0x3e, 0x3a, 0xb5, 0x1f, 0x37, 0xd0, 0xbf]));
    EDGE_LENGTHS.forEach((n, i) => {
      const hex = gidToHex(xxh3128(data.subarray(0, n)));
      expect(hex.slice(0, 4) + hex.slice(16, 20), `length ${n}`).toBe(EDGE_PREFIXES.slice(8 * i, 8 * i + 8));
    });
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

  it('draws session ids from the whole id space: every first digit from 1 to f appears', () => {
    // Only a first byte below 0x10 is raised; 1000 draws miss some digit with odds below 1e-26.
    const first = new Set(Array.from({ length: 1000 }, () => newSessionId()[0]));
    expect([...first].sort().join('')).toBe('123456789abcdef');
  });

  it("gives an entity with a token the token's GID, and one without a random GID", () => {
    expect(gidToHex(entityGid(TOKEN))).toBe('7acb4a74f72dd43222259fc96c443b26');
    const a = entityGid(undefined);
    expect(a.length).toBe(16);
    expect(gidToHex(entityGid(undefined))).not.toBe(gidToHex(a));
  });

  it('carries a session id as zenoh carries a ZenohId: little-endian bytes of the hex', () => {
    const le = sessionIdBytes('1f0e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(gidToHex(le)).toBe('f0e1d2c3b4a5968778695a4b3c2d0e1f');
    expect(gidToHex(sessionIdBytes('abc'))).toBe('bc0a0000000000000000000000000000');
  });
});
