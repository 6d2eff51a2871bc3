/**
 * The console's controls: create a robot of a type, and for the selected robot activate, reset,
 * delete, drive (setpoint sliders) and service calls, each a request to the session worker;
 * every Result goes to the result log.
 */
import { creatableTypes, SKINS } from '../../src/vrobots/index.js';
import type { ConsoleSession } from './console-session.js';
import { DRIVES, type DriveSpec } from './drive.js';
import type { ResultLog } from './result-log.js';
import type { Outcome, SessionOp } from './session-protocol.js';
import type { SwarmModel } from './swarm-model.js';

function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`console page: no #${id}`);
  return found as T;
}

type RobotOp = SessionOp & { readonly sysId: number };
export type RobotOpRequest = RobotOp extends infer R
  ? R extends RobotOp
    ? Omit<R, 'sysId' | 'robotType'>
    : never
  : never;

export class Controls {
  selected: number | undefined;
  private drive: DriveSpec | undefined;

  constructor(
    private readonly session: ConsoleSession,
    private readonly model: SwarmModel,
    private readonly log: ResultLog,
  ) {
    const typeSelect = el<HTMLSelectElement>('create-type');
    for (const type of creatableTypes()) typeSelect.append(new Option(type, type));
    el<HTMLFormElement>('create-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.create(typeSelect.value);
    });
    const skinSelect = el<HTMLSelectElement>('skin');
    // 'plaid' is not a skin: the simulator refuses it, which shows how a refusal looks.
    for (const skin of [...SKINS, 'plaid']) skinSelect.append(new Option(skin, skin));
    this.bind('activate', 'activate', () => ({ op: 'activate' }));
    this.bind('reset', 'reset', () => ({ op: 'reset' }));
    this.bind('delete', 'delete', () => ({ op: 'delete' }));
    this.bind('set-skin', 'set skin', () => ({ op: 'setSkin', skin: skinSelect.value }));
    this.bind('read-skin', 'read skin', () => ({ op: 'readSkin' }));
    this.bind('scene-frame', 'scene frame', () => ({ op: 'sceneFrame' }));
    this.bind('set-mass', 'set mass', () => ({ op: 'setMass', kg: el<HTMLInputElement>('mass').valueAsNumber }));
    this.bind('stop', 'stop', () => {
      this.resetSliders();
      return this.driveRequest();
    });
    for (const id of ['drive', 'steer']) {
      el<HTMLInputElement>(id).addEventListener('input', () => void this.driveChanged());
    }
    el<HTMLButtonElement>('refresh-topics').addEventListener('click', () => void this.refreshTopics());
    this.select(undefined);
  }

  select(sysId: number | undefined): void {
    this.selected = sysId;
    const record = sysId === undefined ? undefined : this.model.get(sysId);
    el('selected-title').textContent =
      record === undefined ? 'no robot selected' : `robot #${record.sysId} (${record.robotType})`;
    el<HTMLFieldSetElement>('robot-actions').disabled = record === undefined;
    this.drive = record === undefined ? undefined : DRIVES[record.robotType];
    const drive = this.drive;
    el('drive-label').textContent = drive === undefined ? 'drive' : `${drive.label} (${drive.unit})`;
    const slider = el<HTMLInputElement>('drive');
    if (drive !== undefined) {
      slider.min = String(drive.min);
      slider.max = String(drive.max);
      slider.step = String(drive.step);
    }
    // A type without a drive slider (an arm) shows none rather than one that only answers errors.
    el('drive-row').hidden = record !== undefined && drive === undefined;
    el('steer-row').hidden = drive?.steer !== true;
    this.resetSliders();
  }

  private resetSliders(): void {
    el<HTMLInputElement>('drive').value = String(this.drive?.rest ?? 0);
    el<HTMLInputElement>('steer').value = '1500';
    this.showDriveValues();
  }

  private showDriveValues(): void {
    el('drive-value').textContent = `${el<HTMLInputElement>('drive').value} ${this.drive?.unit ?? ''}`;
    el('steer-value').textContent = `${el<HTMLInputElement>('steer').value} µs`;
  }

  private driveRequest(): RobotOpRequest {
    return {
      op: 'drive',
      value: el<HTMLInputElement>('drive').valueAsNumber,
      steer: el<HTMLInputElement>('steer').valueAsNumber,
    };
  }

  private async driveChanged(): Promise<void> {
    this.showDriveValues();
    const sent = await this.callSelected('drive', this.driveRequest());
    // A setpoint that went out is not worth a log line per slider step; a refusal is.
    if (sent !== undefined && !sent.ok) this.log.add('drive', false, sent.message);
  }

  /** Sends a robot request about the selected robot; undefined (and a log line) when none is. */
  private async callSelected(what: string, request: RobotOpRequest): Promise<Outcome | undefined> {
    const record = this.selected === undefined ? undefined : this.model.get(this.selected);
    if (record === undefined) {
      this.log.add(what, false, 'no robot selected');
      return undefined;
    }
    return this.session.call({ ...request, sysId: record.sysId, robotType: record.robotType } as SessionOp);
  }

  /** A button that sends `request` about the selected robot and logs its Result. */
  bind(id: string, what: string, request: () => RobotOpRequest): void {
    const button = el<HTMLButtonElement>(id);
    button.addEventListener('click', async () => {
      const sysId = this.selected;
      button.disabled = true;
      try {
        const outcome = await this.callSelected(what, request());
        if (outcome === undefined) return;
        const value = outcome.ok && typeof outcome.value === 'string' ? outcome.value : '';
        this.log.add(`${what} #${sysId}`, outcome.ok, outcome.ok ? value : outcome.message);
      } finally {
        button.disabled = false;
      }
    });
  }

  private async create(robotType: string): Promise<void> {
    const button = el<HTMLButtonElement>('create');
    button.disabled = true;
    try {
      const made = await this.session.call({ op: 'create', robotType });
      const sysId = made.ok && typeof made.value === 'number' ? made.value : undefined;
      this.log.add(`create ${robotType}`, made.ok, made.ok ? `robot #${sysId}` : made.message);
      if (sysId !== undefined) this.select(sysId);
    } finally {
      button.disabled = false;
    }
  }

  private async refreshTopics(): Promise<void> {
    const button = el<HTMLButtonElement>('refresh-topics');
    button.disabled = true;
    try {
      const listed = await this.session.call({ op: 'topics', windowMs: 1500 });
      if (!listed.ok) {
        this.log.add('list topics', false, listed.message);
        return;
      }
      const rows = Array.isArray(listed.value) ? listed.value : [];
      el<HTMLTableSectionElement>('topics-body').replaceChildren(
        ...rows.map((row) => {
          const tr = document.createElement('tr');
          for (const text of [row.key, `${row.hz.toFixed(1)} Hz`, `${Math.round(row.bytes)} B`]) {
            const td = document.createElement('td');
            td.textContent = text;
            tr.append(td);
          }
          return tr;
        }),
      );
      el('topics-summary').textContent = `${rows.length} topic(s) observed over 1.5 s`;
    } finally {
      button.disabled = false;
    }
  }
}
