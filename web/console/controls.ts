/**
 * The console's controls: create a robot of a type, and for the selected robot activate, reset,
 * delete, drive (setpoint sliders) and service calls; every Result goes to the result log.
 */
import { ok } from '../../src/index.js';
import {
  creatableTypes,
  formatVrError,
  isRobotType,
  SKINS,
  type VirtualRobot,
  type VrResult,
  type VrResultOf,
} from '../../src/vrobots/index.js';
import type { ConsoleLink } from './console-link.js';
import { DRIVES, type DriveSpec } from './drive.js';
import type { ResultLog } from './result-log.js';
import type { SwarmModel } from './swarm-model.js';

function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`console page: no #${id}`);
  return found as T;
}

function describe(result: VrResult | VrResultOf<unknown>): string {
  return result.ok ? '' : formatVrError(result.error);
}

export class Controls {
  selected: number | undefined;
  private drive: DriveSpec | undefined;

  constructor(
    private readonly link: ConsoleLink,
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
    this.onClick('activate', 'activate', (r) => r.activate());
    this.onClick('reset', 'reset', (r) => r.reset());
    this.onClick('delete', 'delete', async (r) => {
      const done = await r.delete();
      if (done.ok) this.link.forget(r.sysId);
      return done;
    });
    this.onClick('set-skin', 'set skin', (r) => r.setSkin(skinSelect.value));
    this.onClick('read-skin', 'read skin', (r) => r.skin());
    this.onClick('scene-frame', 'scene frame', (r) => r.sceneFrame());
    this.onClick('set-mass', 'set mass', (r) =>
      r.setPhysicalParams({ mass: el<HTMLInputElement>('mass').valueAsNumber }),
    );
    this.onClick('stop', 'stop', (r) => {
      this.resetSliders();
      return this.sendDrive(r);
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
    el('steer-row').hidden = drive?.steer !== true;
    this.resetSliders();
  }

  private resetSliders(): void {
    const slider = el<HTMLInputElement>('drive');
    slider.value = String(this.drive?.rest ?? 0);
    el<HTMLInputElement>('steer').value = '1500';
    this.showDriveValues();
  }

  private showDriveValues(): void {
    const drive = this.drive;
    el('drive-value').textContent = `${el<HTMLInputElement>('drive').value} ${drive?.unit ?? ''}`;
    el('steer-value').textContent = `${el<HTMLInputElement>('steer').value} µs`;
  }

  private async driveChanged(): Promise<void> {
    this.showDriveValues();
    const robot = await this.selectedRobot('drive');
    if (robot === undefined) return;
    const sent = this.sendDrive(robot);
    if (!sent.ok) this.log.add('drive', false, describe(sent));
  }

  private sendDrive(robot: VirtualRobot): VrResult {
    const drive = DRIVES[robot.robotType];
    if (drive === undefined) return ok();
    return drive.send(robot, el<HTMLInputElement>('drive').valueAsNumber, el<HTMLInputElement>('steer').valueAsNumber);
  }

  private async selectedRobot(what: string): Promise<VirtualRobot | undefined> {
    const record = this.selected === undefined ? undefined : this.model.get(this.selected);
    if (record === undefined || !isRobotType(record.robotType)) {
      this.log.add(what, false, 'no robot selected');
      return undefined;
    }
    const handle = await this.link.robot(record.sysId, record.robotType);
    if (!handle.ok) {
      this.log.add(`${what} #${record.sysId}`, false, describe(handle));
      return undefined;
    }
    return handle.value;
  }

  private onClick(
    id: string,
    what: string,
    run: (robot: VirtualRobot) => Promise<VrResult | VrResultOf<unknown>> | VrResult,
  ): void {
    const button = el<HTMLButtonElement>(id);
    button.addEventListener('click', async () => {
      const robot = await this.selectedRobot(what);
      if (robot === undefined) return;
      button.disabled = true;
      try {
        const result = await run(robot);
        const value = result.ok && 'value' in result && typeof result.value === 'string' ? result.value : '';
        this.log.add(`${what} #${robot.sysId}`, result.ok, result.ok ? value : describe(result));
      } finally {
        button.disabled = false;
      }
    });
  }

  private async create(type: string): Promise<void> {
    if (!isRobotType(type)) return;
    const button = el<HTMLButtonElement>('create');
    button.disabled = true;
    try {
      const made = await this.link.create(type);
      this.log.add(`create ${type}`, made.ok, made.ok ? `robot #${made.value.sysId}` : describe(made));
      if (made.ok) this.select(made.value.sysId);
    } finally {
      button.disabled = false;
    }
  }

  private async refreshTopics(): Promise<void> {
    const button = el<HTMLButtonElement>('refresh-topics');
    button.disabled = true;
    const body = el<HTMLTableSectionElement>('topics-body');
    try {
      const listed = await this.link.topics(1500);
      if (!listed.ok) {
        this.log.add('list topics', false, listed.message);
        return;
      }
      body.replaceChildren(
        ...listed.value.rows.map((row) => {
          const tr = document.createElement('tr');
          for (const text of [row.key, `${row.hz.toFixed(1)} Hz`, `${Math.round(row.bytes)} B`]) {
            const td = document.createElement('td');
            td.textContent = text;
            tr.append(td);
          }
          return tr;
        }),
      );
      el('topics-summary').textContent = `${listed.value.rows.length} topic(s) observed over 1.5 s`;
    } finally {
      button.disabled = false;
    }
  }
}
