/** What generated interface code imports (bundled packages and `rclts interfaces generate` output). */
export { CdrSink, type NumberArrayLike, type TypedArrayConstructor } from './cdr-sink.js';
export { type BytesUse, CdrSource, readString, readWString } from './cdr-source.js';
export {
  type ActionClass,
  type ActionParts,
  type DeepPartial,
  defineAction,
  defineMessage,
  defineService,
  type MessageClass,
  type MessageCodec,
  type ServiceClass,
} from './define-type.js';
export {
  arrayLength,
  fail,
  fixedLength,
  object,
  sequenceLength,
  sizeNumbers,
  sizeString,
  sizeWString,
  utf8Length,
} from './value-checks.js';
