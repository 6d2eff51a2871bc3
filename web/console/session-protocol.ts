/** The messages between the page and its session worker (session-worker.ts). */
import type { ArmView } from './arm-view.js';

/** An arm knob's positional arguments (ARM_KNOBS gives each knob's slots). */
export type KnobArg = string | number | boolean;

/** What the page asks of the session; each answers one `Outcome` with a line to show. */
export type SessionOp =
  | { readonly op: 'create'; readonly robotType: string }
  | {
      readonly op: 'activate' | 'reset' | 'delete' | 'readSkin' | 'sceneFrame';
      readonly sysId: number;
      readonly robotType: string;
    }
  | {
      readonly op: 'drive';
      readonly sysId: number;
      readonly robotType: string;
      readonly value: number;
      readonly steer: number;
    }
  | { readonly op: 'setSkin'; readonly sysId: number; readonly robotType: string; readonly skin: string }
  | { readonly op: 'setMass'; readonly sysId: number; readonly robotType: string; readonly kg: number }
  | {
      readonly op: 'armKnob';
      readonly sysId: number;
      readonly robotType: string;
      readonly knob: string;
      readonly args: readonly KnobArg[];
    }
  | { readonly op: 'topics'; readonly windowMs: number };

export interface TopicLine {
  readonly key: string;
  readonly hz: number;
  readonly bytes: number;
}

/** `value`: the sys_id of a created robot, a read-back string, or the topic lines. */
export type Outcome =
  | { readonly ok: true; readonly value?: number | string | readonly TopicLine[] }
  | { readonly ok: false; readonly message: string };

export type ToWorker =
  | { readonly type: 'open'; readonly router: string | undefined }
  | { readonly type: 'call'; readonly id: number; readonly request: SessionOp };

export type FromWorker =
  | { readonly type: 'opened'; readonly mode: string }
  | { readonly type: 'failed'; readonly message: string }
  /** SAMPLE_WIDTH doubles per sample (state-sample.ts). */
  | { readonly type: 'samples'; readonly packed: Float64Array }
  /** The arm statuses received since the last batch, oldest first. */
  | { readonly type: 'arms'; readonly statuses: readonly ArmView[] }
  | { readonly type: 'reply'; readonly id: number; readonly outcome: Outcome }
  /** A transport event of the session's executor (router lost, back, stalled); `healthy` when known. */
  | { readonly type: 'transport'; readonly message: string; readonly healthy: boolean | undefined };
