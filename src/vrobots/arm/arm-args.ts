/**
 * The positional arguments of the immediate commands, as `ArmValue`s on the wire: building
 * them (client) and reading them back (arm). A value of the wrong kind for its slot is one
 * the arm "cannot read at all" (BAD_ARGS); a wrong count is an invalid-arguments refusal.
 */
import { type ArmValue, ArmValueKind } from '../generated/swarmbotix-types.js';

/** What one slot accepts: `?` also takes none. */
export type SlotKind = 'text?' | 'number?' | 'text' | 'number' | 'flag';
export type ArgValue = string | number | boolean | undefined;

export function armValue(v: ArgValue): ArmValue {
  if (v === undefined) return { kind: ArmValueKind.NONE, number: 0, text: '', flag: false };
  if (typeof v === 'number') return { kind: ArmValueKind.NUMBER, number: v, text: '', flag: false };
  if (typeof v === 'string') return { kind: ArmValueKind.TEXT, number: 0, text: v, flag: false };
  return { kind: ArmValueKind.FLAG, number: 0, text: '', flag: v };
}

export type ReadArgs =
  | { readonly kind: 'values'; readonly values: readonly ArgValue[] }
  | { readonly kind: 'count'; readonly got: number }
  | { readonly kind: 'unreadable'; readonly index: number; readonly expected: SlotKind };

function read(v: ArmValue, slot: SlotKind): { ok: true; value: ArgValue } | { ok: false } {
  const optional = slot.endsWith('?');
  if (v.kind === ArmValueKind.NONE) return optional ? { ok: true, value: undefined } : { ok: false };
  if (slot.startsWith('text')) return v.kind === ArmValueKind.TEXT ? { ok: true, value: v.text } : { ok: false };
  if (slot.startsWith('number')) return v.kind === ArmValueKind.NUMBER ? { ok: true, value: v.number } : { ok: false };
  return v.kind === ArmValueKind.FLAG ? { ok: true, value: v.flag } : { ok: false };
}

/** Reads `args` against the slots: the count first, then each value's kind. */
export function readArgs(args: readonly ArmValue[], slots: readonly SlotKind[]): ReadArgs {
  if (args.length !== slots.length) return { kind: 'count', got: args.length };
  const values: ArgValue[] = [];
  for (let i = 0; i < slots.length; i++) {
    const got = read(args[i]!, slots[i]!);
    if (!got.ok) return { kind: 'unreadable', index: i, expected: slots[i]! };
    values.push(got.value);
  }
  return { kind: 'values', values };
}
