/**
 * The op language of the rclcpp fuzz: every public verb of the rclcpp layer as plain data
 * (names of hostile values, indexes into what earlier ops created), so a counterexample
 * prints as a readable program.
 */
import fc from 'fast-check';
import { type Behaviour, behaviour } from './callbacks.js';
import {
  type BytesKind,
  budgetName,
  bytesKind,
  type NumberName,
  numberName,
  type ObjectKind,
  objectKind,
  type StringName,
  stringName,
} from './hostile.js';

export const TYPE_KINDS = ['string', 'int32', 'wrapped', 'encodeThrows', 'decodeThrows', 'hostileName'] as const;
export type TypeKind = (typeof TYPE_KINDS)[number];

export interface QosDesc {
  readonly policy:
    | 'none'
    | 'default'
    | 'sensor'
    | 'keepAll'
    | 'transient'
    | 'depth'
    | 'deadline'
    | 'lifespan'
    | 'lease';
  readonly n: NumberName;
  readonly wrap: ObjectKind;
  /** Wrap the QoSLike itself, or the policy record its toRmw() answers. */
  readonly where: 'qos' | 'policies';
}

export interface ValueDesc {
  readonly wrap: ObjectKind;
  readonly text: StringName;
  readonly big: 'small' | 'int64Max' | 'int64Min' | 'overflow';
}

export const HANDLE_WRAPS = [
  'direct',
  'frozen',
  'spread',
  'protoCopy',
  'proxy',
  'revoked',
  'throwingProxy',
  'nullProto',
  'nanId',
  'bigId',
  'negZeroId',
] as const;
export type HandleWrap = (typeof HANDLE_WRAPS)[number];
export const RESET_RECEIVERS = ['direct', 'frozen', 'frozenCopy', 'protoCopy', 'proxy'] as const;
export type ResetReceiver = (typeof RESET_RECEIVERS)[number];

export type Op =
  | {
      readonly op: 'createNode';
      readonly name: StringName;
      readonly ns: StringName | 'absent';
      readonly raw: boolean;
      readonly wrap: ObjectKind;
    }
  | {
      readonly op: 'createPublisher';
      readonly node: number;
      readonly type: TypeKind;
      readonly wrap: ObjectKind;
      readonly topic: StringName;
      readonly qos: QosDesc;
    }
  | {
      readonly op: 'createSubscription';
      readonly node: number;
      readonly type: TypeKind;
      readonly wrap: ObjectKind;
      readonly topic: StringName;
      readonly qos: QosDesc;
      readonly cb: Behaviour;
    }
  | {
      readonly op: 'createPollSubscription';
      readonly node: number;
      readonly type: TypeKind;
      readonly wrap: ObjectKind;
      readonly topic: StringName;
      readonly qos: QosDesc;
    }
  | {
      readonly op: 'createService';
      readonly node: number;
      readonly wrap: ObjectKind;
      readonly name: StringName;
      readonly qos: QosDesc;
      readonly reply: Reply;
    }
  | {
      readonly op: 'createClient';
      readonly node: number;
      readonly wrap: ObjectKind;
      readonly name: StringName;
      readonly cb: Behaviour;
      readonly budget: NumberName | 'short' | 'absent';
      readonly optsWrap: ObjectKind;
    }
  | {
      readonly op: 'createPollClient';
      readonly node: number;
      readonly wrap: ObjectKind;
      readonly name: StringName;
      readonly budget: NumberName | 'short' | 'absent';
    }
  | {
      readonly op: 'createTimer';
      readonly node: number;
      readonly oneShot: boolean;
      readonly period: NumberName;
      readonly asDuration: boolean;
      readonly cb: Behaviour;
    }
  | { readonly op: 'createGuard'; readonly node: number; readonly cb: Behaviour }
  | { readonly op: 'publish'; readonly pub: number; readonly msg: ValueDesc }
  | { readonly op: 'publishRaw'; readonly pub: number; readonly bytes: BytesKind }
  | { readonly op: 'publisherQuery'; readonly pub: number; readonly budget: NumberName }
  | { readonly op: 'publisherDestroy'; readonly pub: number }
  | { readonly op: 'send'; readonly client: number; readonly req: ValueDesc; readonly times: number }
  | { readonly op: 'clientQuery'; readonly client: number; readonly budget: NumberName }
  | {
      readonly op: 'pollSend';
      readonly client: number;
      readonly req: ValueDesc;
      readonly budget: NumberName | 'absent';
    }
  | { readonly op: 'futureUse'; readonly future: number; readonly budget: NumberName }
  | { readonly op: 'pollCall'; readonly client: number; readonly req: ValueDesc; readonly budget: NumberName }
  | { readonly op: 'pollWaitForService'; readonly client: number; readonly budget: NumberName }
  | {
      readonly op: 'take';
      readonly sub: number;
      readonly how: 'take' | 'takeWithInfo' | 'takeWithin' | 'iterate';
      readonly budget: NumberName;
    }
  | { readonly op: 'timerUse'; readonly handle: number; readonly how: 'cancel' | 'restart' | 'query' }
  | { readonly op: 'trigger'; readonly handle: number }
  | { readonly op: 'reset'; readonly handle: number; readonly receiver: ResetReceiver }
  | { readonly op: 'entityQuery'; readonly node: number; readonly handle: number; readonly wrap: HandleWrap }
  | { readonly op: 'graph'; readonly node: number; readonly topic: StringName }
  | { readonly op: 'names'; readonly node: number; readonly name: StringName }
  | { readonly op: 'nodeDestroy'; readonly node: number }
  | { readonly op: 'spinOnce'; readonly budget: NumberName }
  | { readonly op: 'spinSome' }
  | { readonly op: 'spinFor'; readonly budget: NumberName }
  | { readonly op: 'spinBackground' }
  | { readonly op: 'cancel' }
  | { readonly op: 'ping'; readonly budget: NumberName }
  | { readonly op: 'onEvent'; readonly cb: Behaviour; readonly remove: boolean }
  | { readonly op: 'shutdownCallback'; readonly cb: Behaviour; readonly remove: boolean }
  | { readonly op: 'queries' }
  | { readonly op: 'shutdown' };

/** What a service handler answers. */
export const REPLIES = [
  'sum',
  'sumAsync',
  'undefined',
  'null',
  'overflow',
  'wrapped',
  'throw',
  'reject',
  'thenableThrows',
  'thenableNever',
  'thenableProxy',
  'resetSelf',
  'shutdown',
  'spinSome',
] as const;
export type Reply = (typeof REPLIES)[number];

/** Mostly well-formed names, so entities meet; sometimes a hostile one. */
const name: fc.Arbitrary<StringName> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<StringName>('plain') },
  { weight: 2, arbitrary: stringName },
);
const wrap: fc.Arbitrary<ObjectKind> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<ObjectKind>('plain') },
  { weight: 2, arbitrary: objectKind },
);
const typeKind: fc.Arbitrary<TypeKind> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<TypeKind>('string') },
  { weight: 2, arbitrary: fc.constantFrom(...TYPE_KINDS) },
);
const qos: fc.Arbitrary<QosDesc> = fc.record({
  policy: fc.constantFrom(
    'none',
    'none',
    'default',
    'sensor',
    'keepAll',
    'transient',
    'depth',
    'deadline',
    'lifespan',
    'lease',
  ),
  n: numberName,
  wrap,
  where: fc.constantFrom('qos', 'policies'),
});
const value: fc.Arbitrary<ValueDesc> = fc.record({
  wrap,
  text: name,
  big: fc.constantFrom('small', 'small', 'int64Max', 'int64Min', 'overflow'),
});
const clientBudget = fc.oneof(
  { weight: 3, arbitrary: fc.constant<'short'>('short') },
  { weight: 1, arbitrary: fc.constant<'absent'>('absent') },
  { weight: 1, arbitrary: budgetName },
);
const ix = fc.nat(20);

export const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('createNode'),
    name,
    ns: fc.oneof(fc.constant('absent' as const), stringName),
    raw: fc.boolean(),
    wrap,
  }),
  fc.record({ op: fc.constant('createPublisher'), node: ix, type: typeKind, wrap, topic: name, qos }),
  fc.record({ op: fc.constant('createSubscription'), node: ix, type: typeKind, wrap, topic: name, qos, cb: behaviour }),
  fc.record({ op: fc.constant('createPollSubscription'), node: ix, type: typeKind, wrap, topic: name, qos }),
  fc.record({ op: fc.constant('createService'), node: ix, wrap, name, qos, reply: fc.constantFrom(...REPLIES) }),
  fc.record({
    op: fc.constant('createClient'),
    node: ix,
    wrap,
    name,
    cb: behaviour,
    budget: clientBudget,
    optsWrap: wrap,
  }),
  fc.record({ op: fc.constant('createPollClient'), node: ix, wrap, name, budget: clientBudget }),
  fc.record({
    op: fc.constant('createTimer'),
    node: ix,
    oneShot: fc.boolean(),
    period: numberName,
    asDuration: fc.boolean(),
    cb: behaviour,
  }),
  fc.record({ op: fc.constant('createGuard'), node: ix, cb: behaviour }),
  fc.record({ op: fc.constant('publish'), pub: ix, msg: value }),
  fc.record({ op: fc.constant('publishRaw'), pub: ix, bytes: bytesKind }),
  fc.record({ op: fc.constant('publisherQuery'), pub: ix, budget: budgetName }),
  fc.record({ op: fc.constant('publisherDestroy'), pub: ix }),
  fc.record({ op: fc.constant('send'), client: ix, req: value, times: fc.integer({ min: 1, max: 25 }) }),
  fc.record({ op: fc.constant('clientQuery'), client: ix, budget: budgetName }),
  fc.record({
    op: fc.constant('pollSend'),
    client: ix,
    req: value,
    budget: fc.oneof(fc.constant('absent' as const), budgetName),
  }),
  fc.record({ op: fc.constant('futureUse'), future: ix, budget: budgetName }),
  fc.record({ op: fc.constant('pollCall'), client: ix, req: value, budget: budgetName }),
  fc.record({ op: fc.constant('pollWaitForService'), client: ix, budget: budgetName }),
  fc.record({
    op: fc.constant('take'),
    sub: ix,
    how: fc.constantFrom('take', 'takeWithInfo', 'takeWithin', 'iterate'),
    budget: budgetName,
  }),
  fc.record({ op: fc.constant('timerUse'), handle: ix, how: fc.constantFrom('cancel', 'restart', 'query') }),
  fc.record({ op: fc.constant('trigger'), handle: ix }),
  fc.record({ op: fc.constant('reset'), handle: ix, receiver: fc.constantFrom(...RESET_RECEIVERS) }),
  fc.record({ op: fc.constant('entityQuery'), node: ix, handle: ix, wrap: fc.constantFrom(...HANDLE_WRAPS) }),
  fc.record({ op: fc.constant('graph'), node: ix, topic: name }),
  fc.record({ op: fc.constant('names'), node: ix, name: stringName }),
  fc.record({ op: fc.constant('nodeDestroy'), node: ix }),
  fc.record({ op: fc.constant('spinOnce'), budget: budgetName }),
  fc.constant({ op: 'spinSome' as const }),
  fc.record({ op: fc.constant('spinFor'), budget: budgetName }),
  fc.constant({ op: 'spinBackground' as const }),
  fc.constant({ op: 'cancel' as const }),
  fc.record({ op: fc.constant('ping'), budget: budgetName }),
  fc.record({ op: fc.constant('onEvent'), cb: behaviour, remove: fc.boolean() }),
  fc.record({ op: fc.constant('shutdownCallback'), cb: behaviour, remove: fc.boolean() }),
  fc.constant({ op: 'queries' as const }),
  fc.constant({ op: 'shutdown' as const }),
) as fc.Arbitrary<Op>;

/** A program: mostly creations first, then uses, interleaved with spins. */
export const program = (maxLength: number): fc.Arbitrary<Op[]> => fc.array(op, { minLength: 1, maxLength });
