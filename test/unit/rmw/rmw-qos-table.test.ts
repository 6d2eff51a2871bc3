import { describe, expect, it } from 'vitest';
import { Durability, History, LivelinessPolicy, Reliability } from '../../../src/index.js';
import { isQosValue, qosValueOfWireNumber, qosWireNumber } from '../../../src/rmw/qos.js';

describe('QoS policy values: one table', () => {
  const named = { reliability: Reliability, durability: Durability, history: History, liveliness: LivelinessPolicy };

  it('names the values rmw uses', () => {
    expect(Reliability).toEqual({ Reliable: 'reliable', BestEffort: 'best_effort' });
    expect(Durability).toEqual({ Volatile: 'volatile', TransientLocal: 'transient_local' });
    expect(History).toEqual({ KeepLast: 'keep_last', KeepAll: 'keep_all' });
    expect(LivelinessPolicy).toEqual({ Automatic: 'automatic', ManualByTopic: 'manual_by_topic' });
  });

  it('checks, numbers and reads back every named value from the same rows', () => {
    for (const [policy, values] of Object.entries(named) as [keyof typeof named, Record<string, string>][]) {
      for (const value of Object.values(values)) {
        expect(isQosValue(policy, value)).toBe(true);
        expect(qosValueOfWireNumber(policy, qosWireNumber(policy, value as never))).toBe(value);
      }
      expect(isQosValue(policy, 'system_default')).toBe(false);
    }
    // rmw's numbers (rmw/types.h), as rmw_zenoh writes them in tokens
    expect(qosWireNumber('durability', 'transient_local')).toBe(1);
    expect(qosWireNumber('liveliness', 'manual_by_topic')).toBe(3);
    expect(qosValueOfWireNumber('liveliness', 2)).toBeUndefined();
  });
});
