/**
 * The values generated code builds: a message type (typeName, typeHash, encode, decode,
 * create, constants), a service type (Request, Response, Event) and an action type (its
 * generated messages and services). They fit rclcpp's MessageType / ServiceType shapes.
 */

import type { MessageType, ServiceType } from '../../type-support.js';
import { CdrSink } from './cdr-sink.js';
import { type BytesUse, CdrSource } from './cdr-source.js';
import { object } from './value-checks.js';

/** A partial message: any field may be left out, nested messages too; arrays are taken whole. */
export type DeepPartial<T> = T extends bigint | number | string | boolean
  ? T
  : T extends ArrayLike<unknown>
    ? T
    : { [K in keyof T]?: DeepPartial<T[K]> };

/** A generated message type: the type support plus `create()` and the definition's constants. */
export interface MessageClass<M> extends MessageType<M> {
  /** A message with every field at its default, completed by `partial` where given. */
  create(partial?: DeepPartial<M>): M;
}

export interface ServiceClass<Req, Res, Ev = unknown> extends ServiceType<Req, Res> {
  readonly Request: MessageClass<Req>;
  readonly Response: MessageClass<Res>;
  /** The service event message (service introspection), `<Service>_Event`. */
  readonly Event: MessageClass<Ev>;
}

/** The generated parts of an action; `SendGoal` and `GetResult` are ServiceClass values. */
export interface ActionParts<G, R, F, FM, SendGoal, GetResult> {
  readonly Goal: MessageClass<G>;
  readonly Result: MessageClass<R>;
  readonly Feedback: MessageClass<F>;
  readonly SendGoal: SendGoal;
  readonly GetResult: GetResult;
  readonly FeedbackMessage: MessageClass<FM>;
}

/** An action type: its name and hash (which covers every part) and its parts. */
export interface ActionClass<G, R, F, FM, SendGoal, GetResult> extends ActionParts<G, R, F, FM, SendGoal, GetResult> {
  readonly typeName: string;
  readonly typeHash: string;
}

/** What generated code hands over for one message type. */
export interface MessageCodec<M> {
  /** Offset after `m` written at `o`; pushes string lengths for the write pass; throws on a bad value. */
  readonly size: (m: M, o: number, lens: number[], p: string) => number;
  readonly write: (s: CdrSink, m: M, p: string) => void;
  readonly read: (s: CdrSource) => M;
  readonly create: (partial?: DeepPartial<M>) => M;
}

/**
 * The root path of an encode's first pass. Generated code builds a field's path (`p && p + '.x'`)
 * only under a named root, so a good message costs no strings (an action's status array built
 * five per goal in each pass). An error under it names no field: encode runs again, named.
 */
const UNNAMED = '';

export function defineMessage<M, C extends object = Record<never, never>>(
  typeName: string,
  typeHash: string,
  codec: MessageCodec<M>,
  constants?: C,
): MessageClass<M> & Readonly<C> {
  const { size, write, read, create } = codec;
  const encodeAt = (message: M, p: string): Uint8Array => {
    const lens: number[] = [];
    const sink = new CdrSink(size(message, 0, lens, p), lens);
    write(sink, message, p);
    return sink.finish(typeName);
  };
  return Object.freeze({
    ...(constants as C),
    typeName,
    typeHash,
    encode(message: M): Uint8Array {
      object(message, typeName, '(message)');
      try {
        return encodeAt(message, UNNAMED);
      } catch {
        // Only a bad value throws: the same encode again, building each field's path this
        // time, throws the error that names it.
        return encodeAt(message, typeName);
      }
    },
    decode(bytes: Uint8Array, use?: BytesUse): M {
      return read(new CdrSource(bytes, typeName, use));
    },
    create(partial?: DeepPartial<M>): M {
      return create(partial);
    },
  });
}

export function defineService<Req, Res, Ev>(
  typeName: string,
  typeHash: string,
  Request: MessageClass<Req>,
  Response: MessageClass<Res>,
  Event: MessageClass<Ev>,
): ServiceClass<Req, Res, Ev> {
  return Object.freeze({ typeName, typeHash, Request, Response, Event });
}

export function defineAction<G, R, F, FM, SendGoal, GetResult>(
  typeName: string,
  typeHash: string,
  parts: ActionParts<G, R, F, FM, SendGoal, GetResult>,
): ActionClass<G, R, F, FM, SendGoal, GetResult> {
  return Object.freeze({ typeName, typeHash, ...parts });
}
