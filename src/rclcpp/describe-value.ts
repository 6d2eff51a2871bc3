/** A value in an error sentence, shown without calling anything the caller defined. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `'${value}'`;
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'undefined':
    case 'symbol':
      return String(value);
    case 'function':
      return 'a function';
    default:
      return value === null ? 'null' : 'an object';
  }
}
