import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BagMessage, memoryBagFiles, openBagReader, openBagWriter } from '../../src/index.js';
import { State, swarmDescriptorSet, swarmTopicDefinition } from '../../src/vrobots/index.js';
import { type ConsoleRig, startConsoleRig } from './console-rig.js';
import { until } from './until.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = join(root, 'test-results', 'web-console');
const WAIT_MS = 30_000;
const RECORD_MS = 1500;
const REPLAYED_ID = 4242;

async function messagesOf(bytes: Uint8Array): Promise<{ topics: string[]; messages: BagMessage[]; schema: unknown }> {
  const reader = await openBagReader({ files: memoryBagFiles('downloaded', { 'downloaded.mcap': bytes }) });
  if (!reader.ok) throw new Error(reader.error.message);
  const messages: BagMessage[] = [];
  for await (const m of reader.value.messages()) {
    if (!m.ok) throw new Error(m.error.message);
    messages.push(m.value);
  }
  const schema = reader.value.definitionOf('vrobots/0/z/state');
  await reader.value.close();
  return { topics: reader.value.topics.map((t) => t.name), messages, schema };
}

/** The recorded states of robot 0 as robot REPLAYED_ID's, in a bag of their own. */
async function renumbered(messages: readonly BagMessage[]): Promise<Uint8Array> {
  const files = memoryBagFiles('replay');
  const writer = await openBagWriter({ files });
  if (!writer.ok) throw new Error(writer.error.message);
  const topic = `vrobots/${REPLAYED_ID}/z/state`;
  const definition = swarmTopicDefinition(topic);
  if (!definition.ok) throw new Error(definition.error.message);
  const meta = {
    name: topic,
    type: definition.value.name,
    serializationFormat: 'protobuf',
    offeredQosProfiles: [],
    typeDescriptionHash: '',
  };
  expect(writer.value.createTopic(meta, definition.value).ok).toBe(true);
  for (const m of messages.filter((x) => x.topic === 'vrobots/0/z/state')) {
    const state = State.decode(m.data);
    const moved = { ...state, header: { ...state.header, sysId: REPLAYED_ID } };
    expect(writer.value.write(topic, State.encode(moved), m.recvTimestampNs, m.sendTimestampNs).ok).toBe(true);
  }
  const closed = await writer.value.close();
  if (!closed.ok) throw new Error(closed.error.message);
  const bytes = files.contents(closed.value.relativeFilePaths[0]!);
  if (bytes === undefined) throw new Error('no file');
  return bytes;
}

// Record and Play of the console in a real Chromium against a router with a Node-side simulator.
describe('vrobots web console bags', () => {
  let rig: ConsoleRig | undefined;
  let assetsDir = '';
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    rig = await startConsoleRig({
      routerBinary: inject('routerBinary'),
      tmpPrefix: 'rclts-console-bag-',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    ({ assetsDir, page, errors } = rig);
  }, 120_000);

  afterAll(async () => {
    await rig?.close();
  });

  it('bundles no Node built-in', () => {
    const scripts = readdirSync(join(assetsDir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts) {
      const text = readFileSync(join(assetsDir, 'assets', f), 'utf8');
      expect(text, f).not.toMatch(/\bfrom\s*["']node:|\bimport\s*\(\s*["']node:|\bimport\s*["']node:/);
    }
  });

  let recorded: Awaited<ReturnType<typeof messagesOf>> | undefined;

  it('records the robots it shows into an MCAP file the user downloads', { timeout: 60_000 }, async () => {
    if (page === undefined) throw new Error('setup failed');
    await page.waitForSelector('#status.ok', { timeout: WAIT_MS });
    await page.click('#bag-record');
    await page.waitForSelector('#bag-record:text("Stop recording")', { timeout: WAIT_MS });
    await page.waitForTimeout(RECORD_MS);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      page.click('#bag-record'),
    ]);
    expect(download.suggestedFilename()).toBe('vrobots_console.mcap');
    const path = await download.path();
    recorded = await messagesOf(new Uint8Array(readFileSync(path)));
    expect(recorded.topics).toContain('vrobots/0/z/state');
    expect(recorded.schema).toEqual({
      encoding: 'protobuf',
      name: 'swarmbotix.states.State',
      data: swarmDescriptorSet(),
    });
    const states = recorded.messages.filter((m) => m.topic === 'vrobots/0/z/state').map((m) => State.decode(m.data));
    // 25 Hz for RECORD_MS, less the link's start.
    expect(states.length).toBeGreaterThan(RECORD_MS / 40 / 2);
    expect(states.every((s) => s.header.sysId === 0 && s.robotType === 'msd')).toBe(true);
    const seqs = states.map((s) => s.header.seq);
    expect([...seqs].sort((a, b) => (a < b ? -1 : 1))).toEqual(seqs);
    expect(await page.textContent('#bag-status')).toMatch(/recorded \d+ message\(s\) on \d+ topic\(s\), 0 dropped/);
    expect(errors).toEqual([]);
  });

  it('plays a given MCAP file into the view', { timeout: 60_000 }, async () => {
    if (page === undefined || recorded === undefined) throw new Error('setup failed');
    const bag = await renumbered(recorded.messages);
    await page.setInputFiles('#bag-file', {
      name: 'replay.mcap',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(bag),
    });
    await page.click('#bag-play');
    const row = await until(
      () => page!.locator(`#robots-body tr[data-sys-id="${REPLAYED_ID}"]`).textContent({ timeout: WAIT_MS }),
      (t) => /msd/.test(t ?? ''),
    );
    expect(row).toMatch(/msd/);
    await page.screenshot({ path: join(SHOTS, 'router-bag-replay.png') });
    const status = await until(
      () => page!.textContent('#bag-status'),
      (t) => /^played/.test(t ?? ''),
    );
    const count = recorded.messages.filter((m) => m.topic === 'vrobots/0/z/state').length;
    expect(status).toBe(`played ${count} message(s) from replay.mcap, 0 undecodable`);
    expect(errors).toEqual([]);
  });
});
