// Compile-time contract of src/result.ts: codes are literal, Ok/Err narrow on `ok`.
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd';
import { type Err, ErrorCode, err, type Ok, ok, type RclError, type Result, type ResultOf } from '../src/result.js';

expectType<Ok<undefined>>(ok());
expectType<Ok<number>>(ok(42));
expectType<Err>(err('Timeout', 'waited 10 ms'));
expectType<-2>(ErrorCode.Timeout);

// Only known error names, and never 'Ok', can build an error.
expectError(err('NoSuchCode', 'x'));
expectError(err('Ok', 'x'));

// A Result carries no value; ResultOf<T> carries a T once narrowed.
expectAssignable<Result>(ok());
expectNotAssignable<Result>(ok(1));
declare const r: ResultOf<string>;
if (r.ok) {
  expectType<string>(r.value);
} else {
  expectType<RclError>(r.error);
  expectAssignable<number>(r.error.code);
  expectNotAssignable<RclError['code']>(0);
}
