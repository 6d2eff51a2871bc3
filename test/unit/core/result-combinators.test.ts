import { describe, expect, it } from 'vitest';
import { err, ok, Result, ResultError, type ResultOf } from '../../../src/index.js';

// A function, so the declared type is not narrowed to Err by the assignment.
const failing = (): ResultOf<number> => err('Timeout', 'no answer from /add_two_ints within 100 ms');
const bad = failing();

describe('Result combinators', () => {
  it('unwrap gives the value of an Ok and throws a ResultError carrying the error of an Err', () => {
    expect(Result.unwrap(ok(3))).toBe(3);
    try {
      Result.unwrap(bad);
      expect.unreachable('unwrap of an Err must throw');
    } catch (e) {
      expect(e).toBeInstanceOf(ResultError);
      expect((e as ResultError).error.name).toBe('Timeout');
      expect((e as ResultError).message).toBe('Timeout (-2): no answer from /add_two_ints within 100 ms');
    }
  });

  it('expect names what was being done', () => {
    expect(Result.expect(ok('x'), 'read')).toBe('x');
    expect(() => Result.expect(bad, 'call add_two_ints')).toThrow(
      'call add_two_ints: Timeout (-2): no answer from /add_two_ints within 100 ms',
    );
  });

  it('unwrapOr, map, andThen and mapErr never throw and pass errors through', () => {
    expect(Result.unwrapOr(bad, -1)).toBe(-1);
    expect(Result.unwrapOr(ok(2), -1)).toBe(2);
    expect(Result.map(ok(2), (v) => v * 10)).toEqual(ok(20));
    expect(Result.map(bad, (v) => v * 10)).toBe(bad);
    const half = (v: number): ResultOf<number> => (v % 2 === 0 ? ok(v / 2) : err('InvalidArgument', `${v} is odd`));
    expect(Result.andThen(ok(4), half)).toEqual(ok(2));
    expect(Result.andThen(ok(3), half)).toEqual(err('InvalidArgument', '3 is odd'));
    expect(Result.andThen(bad, half)).toBe(bad);
    const withContext = Result.mapErr(bad, (e) => ({ ...e, message: `step 2: ${e.message}` }));
    expect(withContext.ok ? undefined : withContext.error.message).toBe(
      'step 2: no answer from /add_two_ints within 100 ms',
    );
    expect(Result.mapErr(ok(1), (e) => e)).toEqual(ok(1));
  });
});
