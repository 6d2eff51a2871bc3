// message_filters' ApproximateTime policy: upstream's test_approximate_time_policy.cpp cases as
// tables (stamps in seconds with the input they arrive on, sets out), plus the options
// upstream has but does not test (max interval duration, age penalty) and argument checks.
import { describe, expect, it } from 'vitest';
import { Duration, message_filters } from '../../../src/index.js';

interface Msg {
  header: { stamp: { sec: number; nanosec: number }; frame_id: string };
  data: number;
}
type Row = readonly [sec: number, input: number];

const msg = (sec: number): Msg => ({ header: { stamp: { sec, nanosec: 0 }, frame_id: '' }, data: sec });
const dur = (sec: number) => {
  const d = Duration.fromSeconds(sec);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
};

function run(inputs: 2 | 4, rows: readonly Row[], options: message_filters.ApproximateTimeOptions): number[][] {
  const out: number[][] = [];
  const sources = Array.from({ length: inputs }, () => message_filters.PassThrough.create<Msg>());
  const made =
    inputs === 2
      ? message_filters.ApproximateTimeSynchronizer.create(
          [sources[0]!, sources[1]!],
          options,
          (...m) => void out.push(m.map((x) => x.data)),
        )
      : message_filters.ApproximateTimeSynchronizer.create(
          [sources[0]!, sources[1]!, sources[2]!, sources[3]!],
          options,
          (...m) => void out.push(m.map((x) => x.data)),
        );
  if (!made.ok) throw new Error(made.error.message);
  for (const [sec, input] of rows) expect(sources[input]!.add(msg(sec)).ok).toBe(true);
  return out;
}

// [name, inputs, queue size, stamps in (sec, input), sets out (sec per input)]
const cases: readonly [string, 2 | 4, number, readonly Row[], readonly (readonly number[])[]][] = [
  [
    'ExactMatch',
    2,
    10,
    [
      [0, 0],
      [0, 1],
      [3, 0],
      [3, 1],
      [6, 0],
      [6, 1],
    ],
    [
      [0, 0],
      [3, 3],
      [6, 6],
    ],
  ],
  [
    'PerfectMatch',
    2,
    10,
    [
      [0, 0],
      [1, 1],
      [3, 0],
      [4, 1],
      [6, 0],
      [7, 1],
    ],
    [
      [0, 1],
      [3, 4],
    ],
  ],
  [
    'ImperfectMatch',
    2,
    10,
    [
      [0, 0],
      [1, 1],
      [2, 0],
      [3, 0],
      [5, 1],
      [6, 0],
      [7, 1],
    ],
    [
      [0, 1],
      [6, 5],
    ],
  ],
  [
    'Acceleration',
    2,
    10,
    [
      [0, 0],
      [7, 1],
      [12, 0],
      [15, 1],
      [17, 0],
      [18, 1],
    ],
    [
      [12, 7],
      [17, 18],
    ],
  ],
  [
    'DroppedMessages, queue 1',
    2,
    1,
    [
      [0, 0],
      [1, 1],
      [3, 1],
      [4, 0],
      [7, 1],
      [8, 0],
      [10, 0],
      [11, 1],
      [13, 0],
      [14, 1],
    ],
    [
      [4, 3],
      [10, 11],
    ],
  ],
  [
    'DroppedMessages, queue 2',
    2,
    2,
    [
      [0, 0],
      [1, 1],
      [3, 1],
      [4, 0],
      [7, 1],
      [8, 0],
      [10, 0],
      [11, 1],
      [13, 0],
      [14, 1],
    ],
    [
      [0, 1],
      [4, 3],
      [8, 7],
      [10, 11],
    ],
  ],
  [
    'LongQueue',
    2,
    5,
    [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 0],
      [7, 0],
      [8, 0],
      [3, 1],
      [9, 0],
      [10, 0],
      [11, 0],
      [12, 0],
      [10, 1],
      [13, 0],
    ],
    [[10, 10]],
  ],
  [
    'DoublePublish',
    2,
    10,
    [
      [0, 0],
      [1, 1],
      [3, 1],
      [3, 0],
    ],
    [
      [0, 1],
      [3, 3],
    ],
  ],
  [
    'FourTopics',
    4,
    10,
    [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [5, 0],
      [5, 3],
      [6, 1],
      [6, 2],
      [8, 0],
      [9, 1],
      [10, 2],
      [11, 3],
      [10, 0],
      [13, 0],
      [14, 1],
    ],
    [
      [0, 1, 2, 3],
      [5, 6, 6, 5],
      [10, 9, 10, 11],
    ],
  ],
  [
    'EarlyPublish',
    4,
    10,
    [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [7, 0],
    ],
    [[0, 1, 2, 3]],
  ],
];

describe('ApproximateTimeSynchronizer: upstream test_approximate_time_policy.cpp', () => {
  it.each(cases)('%s', (_name, inputs, queueSize, rows, expected) => {
    expect(run(inputs, rows, { queueSize })).toEqual(expected);
  });

  const rateRows: readonly Row[] = [
    [0, 0],
    [1, 1],
    [3, 0],
    [4, 1],
    [6, 0],
    [7, 1],
  ];
  it('RateBound: a lower bound of 1.5 s on input 0 proves the second set', () => {
    expect(run(2, rateRows, { queueSize: 10, interMessageLowerBounds: [dur(1.5)] })).toEqual([
      [0, 1],
      [3, 4],
    ]);
  });
  it('RateBound: a lower bound of 2 s on input 0 proves the third set too', () => {
    expect(run(2, rateRows, { queueSize: 10, interMessageLowerBounds: [dur(2)] })).toEqual([
      [0, 1],
      [3, 4],
      [6, 7],
    ]);
  });
});

describe('ApproximateTimeSynchronizer: options upstream does not test', () => {
  it('maxIntervalDuration: sets spread wider are never emitted', () => {
    const rows: readonly Row[] = [
      [0, 0],
      [3, 1],
      [10, 0],
      [11, 1],
      [20, 0],
      [21, 1],
    ];
    expect(run(2, rows, { queueSize: 10 })).toEqual([
      [0, 3],
      [10, 11],
    ]);
    expect(run(2, rows, { queueSize: 10, maxIntervalDuration: dur(2) })).toEqual([[10, 11]]);
  });

  it('agePenalty: a large penalty takes the first set found over a tighter later one', () => {
    // With 0.1 the tighter set (6, 5) wins over (3, 5); with 10 the older one is never beaten.
    const rows: readonly Row[] = [
      [0, 0],
      [1, 1],
      [3, 0],
      [5, 1],
      [6, 0],
      [7, 1],
    ];
    expect(run(2, rows, { queueSize: 10 })).toEqual([
      [0, 1],
      [6, 5],
    ]);
    expect(run(2, rows, { queueSize: 10, agePenalty: 10 })).toEqual([
      [0, 1],
      [3, 5],
    ]);
  });

  it('warns once per input about out-of-order messages', () => {
    const a = message_filters.PassThrough.create<Msg>();
    const b = message_filters.PassThrough.create<Msg>();
    const sync = message_filters.ApproximateTimeSynchronizer.create([a, b], { queueSize: 10 });
    if (!sync.ok) throw new Error(sync.error.message);
    a.add(msg(5));
    a.add(msg(4));
    a.add(msg(3));
    expect(sync.value.getWarnings()).toEqual(['messages of input 0 arrived out of order']);
  });

  it('refuses bad options, naming them, before connecting anything', () => {
    const a = message_filters.PassThrough.create<Msg>();
    const b = message_filters.PassThrough.create<Msg>();
    const A = message_filters.ApproximateTimeSynchronizer;
    expect(A.create([a, b], { queueSize: 0 })).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(A.create([a, b], { queueSize: 1, agePenalty: -1 })).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    expect(A.create([a, b], { queueSize: 1, maxIntervalDuration: dur(-1) })).toMatchObject({ ok: false });
    expect(A.create([a, b], { queueSize: 1, interMessageLowerBounds: [dur(1), dur(1), dur(1)] })).toMatchObject({
      ok: false,
    });
    const one = A.create([a] as never, { queueSize: 1 });
    expect(one).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(!one.ok && one.error.message).toContain('2 to 9 inputs, got 1');
    expect(A.create([a, {}] as never, { queueSize: 1 })).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
  });
});
