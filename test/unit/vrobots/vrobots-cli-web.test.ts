import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/vrobots/cli-io.js';
import { runWeb } from '../../../src/cli/vrobots/cmd-web.js';

const dir = mkdtempSync(join(tmpdir(), 'rclts-cli-web-'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');

function io(): { io: CliIo; out: string[]; err: string[]; stop: () => void } {
  const out: string[] = [];
  const err: string[] = [];
  let stop = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    stop = resolve;
  });
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), stopRequested }, out, err, stop };
}

/** The command's first stdout line, within a budget. */
async function firstLine(out: readonly string[]): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (out.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return out[0] ?? '';
}

describe('vrobots web (the command)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the loopback address it serves, serves until stopped, and exits 0', async () => {
    const t = io();
    const running = runWeb(t.io, { router: 'ws/127.0.0.1:10000', port: 0, assetsDir: dir });
    const line = await firstLine(t.out);
    const url = /console at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(line)?.[1];
    expect(line).toMatch(/robots of router ws\/127\.0\.0\.1:10000.*Ctrl-C stops/);
    expect(url).toBeDefined();
    const page = await fetch(url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>console</title>');
    t.stop();
    expect(await running).toBe(0);
    await expect(fetch(url as string)).rejects.toThrow();
  });

  it('exits 1 with one line when the port is taken', async () => {
    const first = io();
    const running = runWeb(first.io, { router: undefined, port: 0, assetsDir: dir });
    const line = await firstLine(first.out);
    expect(line).toMatch(/no --router: the page runs the simulator itself/);
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1]);
    const second = io();
    expect(await runWeb(second.io, { router: undefined, port, assetsDir: dir })).toBe(1);
    expect(second.err).toHaveLength(1);
    expect(second.err[0]).toMatch(/cannot listen on 127\.0\.0\.1:\d+/);
    first.stop();
    expect(await running).toBe(0);
  });
});
