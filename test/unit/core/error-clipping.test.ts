import { describe, expect, it } from 'vitest';
import { Executor, std_msgs } from '../../../src/index.js';
import { clipMessage, err, MAX_MESSAGE_LENGTH } from '../../../src/result.js';
import { vrErr } from '../../../src/vrobots/sdk/vr-error.js';

const HUGE = `${'a'.repeat(1_000_000)}!`;

describe('error sentences quoting huge arguments', () => {
  it('keeps a short sentence whole', () => {
    const m = 'x'.repeat(MAX_MESSAGE_LENGTH);
    expect(clipMessage(m)).toBe(m);
    expect(err('InvalidArgument', m).error.message).toBe(m);
  });

  it('keeps the start and the reason and says how much was left out', () => {
    const { message } = err('InvalidArgument', `topic '${HUGE}' must not end with '/'`).error;
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(message.startsWith("topic 'aaaa")).toBe(true);
    expect(message.endsWith("a!' must not end with '/'")).toBe(true);
    expect(message).toMatch(/…\[999,\d{3} characters left out\]…/);
  });

  it('clips a vrobots error message and detail the same way', () => {
    const e = vrErr('invalid_argument', `skin ${HUGE} refused`).error;
    expect(e.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(e.detail.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(e.message.startsWith('invalid_argument: skin aaa')).toBe(true);
    expect(e.message.endsWith('! refused')).toBe(true);
  });

  it('a public verb refusing a megabyte topic name answers a readable sentence', async () => {
    const created = await Executor.create({});
    if (!created.ok) throw new Error(created.error.message);
    const exec = created.value;
    try {
      const node = exec.createNode('clip');
      if (!node.ok) throw new Error(node.error.message);
      const pub = node.value.createPublisher(std_msgs.msg.String, `/${HUGE}`);
      expect(pub.ok).toBe(false);
      if (pub.ok) return;
      expect(pub.error.name).toBe('InvalidArgument');
      expect(pub.error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
      expect(pub.error.message).toContain('characters left out');
      const nodeErr = exec.createNode(HUGE);
      expect(nodeErr.ok).toBe(false);
      if (!nodeErr.ok) expect(nodeErr.error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    } finally {
      await exec.shutdown();
    }
  });
});
