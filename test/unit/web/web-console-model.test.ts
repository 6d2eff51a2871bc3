import { describe, expect, it } from 'vitest';
import { State } from '../../../src/vrobots/index.js';
import { packSample, SAMPLE_WIDTH, sampleOfState, unpackSample } from '../../../web/console/state-sample.js';
import { FORGET_MS, SwarmModel, TRACK_POINTS } from '../../../web/console/swarm-model.js';

function state(sysId: number, seq: number, x = 0): State {
  const bytes = State.encode({
    header: { sysId, seq: BigInt(seq), timestampNs: 1_000_000n * BigInt(seq) },
    robotType: 'msd',
    active: true,
    kinematics: { position: { x, y: 0, z: 2 }, linearVelocity: { x: 3, y: 4, z: 0 } },
    actuator: { measured: [1.5] },
  } as unknown as State);
  return State.decode(bytes);
}

describe('web console: the swarm model', () => {
  it('counts seq gaps and missed samples, and a restart at 0 is no gap', () => {
    const model = new SwarmModel();
    for (const seq of [1, 2, 5, 6, 0, 1, 3]) model.accept(sampleOfState(state(7, seq), 1000 + seq));
    const r = model.get(7);
    expect(r?.seqGaps).toBe(2);
    expect(r?.missed).toBe(3);
    expect(r?.samples).toBe(7);
    expect(r?.speed).toBe(5);
    expect(r?.actuators).toEqual([1.5]);
    expect(r?.robotType).toBe('msd');
  });

  it('packs a sample into SAMPLE_WIDTH doubles and back unchanged', () => {
    const original = sampleOfState(state(9, 41, 2.5), 1234);
    const packed = new Float64Array(2 * SAMPLE_WIDTH);
    packSample(original, packed, SAMPLE_WIDTH);
    expect(unpackSample(packed, SAMPLE_WIDTH)).toEqual(original);
    expect(original).toMatchObject({ sysId: 9, seq: 41, stampMs: 41, robotType: 'msd', actuators: [1.5] });
  });

  it('measures the rate over the last second of arrivals', () => {
    const model = new SwarmModel();
    for (let i = 0; i < 50; i++) model.accept(sampleOfState(state(1, i), i * 40));
    expect(model.get(1)?.rateHz(49 * 40)).toBe(25);
    // A batch that reaches the page late does not read as a lower rate.
    expect(model.get(1)?.rateHz(49 * 40 + 300)).toBe(25);
    expect(model.get(1)?.rateHz(49 * 40 + 5000)).toBe(0);
  });

  it('keeps a bounded track and forgets robots silent for FORGET_MS', () => {
    const model = new SwarmModel();
    for (let i = 0; i < TRACK_POINTS + 10; i++) model.accept(sampleOfState(state(2, i, i), i));
    model.accept(sampleOfState(state(3, 0), 0));
    const now = TRACK_POINTS + 9;
    expect(model.get(2)?.trackX.length).toBe(TRACK_POINTS);
    expect(model.get(2)?.trackX.at(0)).toBe(10);
    expect(model.list(now).map((r) => r.sysId)).toEqual([2, 3]);
    expect(model.list(FORGET_MS + 1).map((r) => r.sysId)).toEqual([2]);
  });
});

describe('web console: a packed batch from the worker', () => {
  it('counts every sample of a batch exactly and keeps the latest state per robot in place', () => {
    const model = new SwarmModel();
    const robots = 1000;
    const perRobot = 3;
    const packed = new Float64Array(robots * perRobot * SAMPLE_WIDTH);
    let at = 0;
    for (let seq = 1; seq <= perRobot; seq++) {
      for (let id = 0; id < robots; id++) {
        // Robot 5 sends 1, 3, 4: one gap of one sample, still counted exactly.
        const s = id === 5 && seq > 1 ? seq + 1 : seq;
        packSample(sampleOfState(state(id, s, id + seq), 5000 + seq), packed, at);
        at += SAMPLE_WIDTH;
      }
    }
    model.acceptBatch(packed);
    const first = model.get(7);
    const position = first?.position;
    expect(model.samples).toBe(robots * perRobot);
    expect(first?.samples).toBe(perRobot);
    expect(first?.position.x).toBe(7 + perRobot);
    expect(first?.trackX.length).toBe(perRobot);
    expect(model.get(5)?.seqGaps).toBe(1);
    expect(model.get(5)?.missed).toBe(1);
    expect(model.newestStampMs).toBe(perRobot);
    expect(model.newestArrivalMs).toBe(5000 + perRobot);
    model.acceptBatch(packed.slice(0, SAMPLE_WIDTH * 8));
    // Updated in place: the views hold the same object across batches.
    expect(model.get(7)?.position).toBe(position);
    expect(model.get(7)?.position.x).toBe(8);
  });
});
