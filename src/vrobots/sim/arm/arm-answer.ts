/** What a verb answers: done, or refused with the vendor's code, its name and the arm's message. */
import { RtiCode, type RtiCodeName } from '../../arm/arm-codes.js';

export type ArmAnswer =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly code: number; readonly codeName: RtiCodeName; readonly message: string };

export const done = (message: string): ArmAnswer => ({ ok: true, message });

export const refuse = (codeName: RtiCodeName, message: string): ArmAnswer => ({
  ok: false,
  code: RtiCode[codeName],
  codeName,
  message,
});
