// Compile-time contract of completion: an unnarrowed Result has no `.value`; a request's own
// onResponse gets that client's response type; spinAll and spinUntilFutureComplete answer typed results.
import { expectError, expectType } from 'tsd';
import type { ClientHandle, Executor, Future, ResultOf, SpinReport } from '../src/index.js';
import type { example_interfaces } from '../src/index.js';

declare const r: ResultOf<number>;
// Not narrowed on `ok`: neither side's field is there.
expectError(r.value);
expectError(r.error);
if (r.ok) expectType<number>(r.value);

declare const executor: Executor;
expectType<ResultOf<SpinReport>>(executor.spinAll(5));
expectError(executor.spinAll());
declare const future: Future<bigint>;
expectType<Promise<ResultOf<bigint>>>(executor.spinUntilFutureComplete(future, 100));
expectError(executor.spinUntilFutureComplete(future));

type Sum = example_interfaces.srv.AddTwoInts_Response;
declare const client: ClientHandle<example_interfaces.srv.AddTwoInts_Request, Sum>;
client.asyncSendRequest(
  { a: 1n, b: 2n },
  {
    onResponse: (response, seq) => {
      expectType<ResultOf<Sum>>(response);
      expectType<bigint>(seq);
    },
  },
);
expectError(client.asyncSendRequest({ a: 1n, b: 2n }, { onResponse: (_response: ResultOf<string>) => {} }));
future.onDone((result) => expectType<ResultOf<bigint>>(result));
