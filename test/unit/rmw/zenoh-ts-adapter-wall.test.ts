/**
 * The zenoh-ts adapter's wall: every file in src/ that touches zenoh-ts's internals (its files
 * past the public entry, its private members and tables, its message handler, the link and
 * WebSocket under a session, `ws` itself) lies inside src/rmw/zenoh/zenoh-ts/. The import
 * side of the same rule is checked by `npm run deps` (.dependency-cruiser.cjs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const ADAPTER = 'src/rmw/zenoh/zenoh-ts/';

/** What only code that knows zenoh-ts 1.10.1's inside (and the remote-api wire) would name. */
const INTERNALS: readonly [string, RegExp][] = [
  ['a zenoh-ts file past its public entry', /@eclipse-zenoh\/zenoh-ts\/dist|session_inner/],
  ['the ws package', /from 'ws'|import\('ws'\)/],
  [
    "SessionInner's members",
    /\b(onMessageReceived|pendingMessageResponses|messageResponseTimeoutMs|sendMessage|cancelQuery)\b/,
  ],
  ["zenoh-ts's classes behind its entry", /\b(SessionInner|RemoteLink)\b/],
  ['the private ids of declared objects', /\b(publisherId|queryableId|subscriberId|queryId)\b/],
  [
    'the session inside a Session, its link and socket',
    /\binnerOf\(|\blink\??\.ws\b|\b_socket\b|\.inner\??\.(link|gets|subscribers|queryables)\b/,
  ],
  ["zenoh-ts's prototypes", /\b(Session|Publisher|Query|Querier)\.prototype\b/],
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return path === 'src/vrobots/generated' ? [] : sources(path);
    return /\.ts$/.test(e.name) ? [path] : [];
  });
}

function touching(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources('src')) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const what = INTERNALS.filter(([, re]) => re.test(text)).map(([name]) => name);
    if (what.length > 0) found.set(relative(ROOT, join(ROOT, file)), what);
  }
  return found;
}

describe('the zenoh-ts adapter wall', () => {
  it('holds every file of src/ that touches zenoh-ts internals', () => {
    const found = touching();
    const outside = [...found]
      .filter(([file]) => !file.startsWith(ADAPTER))
      .map(([f, what]) => `${f}: ${what.join(', ')}`);
    expect(outside).toEqual([]);
  });

  it('is where the workarounds are (the scan finds them)', () => {
    const inside = [...touching().keys()].filter((f) => f.startsWith(ADAPTER));
    for (const file of [
      'open-session.ts',
      'session-internals.ts',
      'write-batch.ts',
      'frames/put-frame.ts',
      'frames/in-frame-tap.ts',
    ])
      expect(inside).toContain(`${ADAPTER}${file}`);
  });
});
