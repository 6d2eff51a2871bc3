/**
 * The arm panel, shown while an arm is selected: its mode, control owner, flags (enabled,
 * homed, a latched error with its reason), the session, the six joints' positions and
 * velocities (rad or deg, the page's choice), the session contract in force, and the knobs the
 * simulator offers (enable, home, latch or clear an error, hold or release control), each
 * answered in the result log. The real-time stream is Node-only (udp/tcp sockets): the panel
 * shows the status the arm publishes at the state rate, and says so.
 */
import { JOINT_LIMITS } from '../../src/vrobots/index.js';
import type { ArmRecord } from './arm-model.js';
import type { Controls } from './controls.js';
import { ANGLE_UNITS, type AngleUnit, fixed, withUnit } from './format.js';

function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`console page: no #${id}`);
  return found as T;
}

function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

const onOff = (on: boolean) => (on ? 'on' : 'off');

/** The contract's fields as the panel lists them: label and value with its unit. */
function contractLines(record: ArmRecord, angle: AngleUnit): readonly (readonly [string, string])[] {
  const c = record.latest.contract;
  const a = ANGLE_UNITS[angle];
  return [
    ['command timeout', withUnit(c.commandTimeoutS, 3, 's')],
    ['servo generator', c.servoGenerator],
    ['min duration', withUnit(c.minDurationS, 3, 's')],
    ['pace limit', `${fixed(c.paceLimitRad * a.scale, a.decimals)} ${a.unit}/tick`],
    ['state rate', withUnit(c.stateRateHz, 0, 'Hz')],
    ['rt filter', withUnit(c.rtFilterHz, 0, 'Hz')],
    ['tool speed cap', withUnit(c.toolSpeedCap, 2, 'm/s')],
    ['rate limiter', onOff(c.rateLimiter)],
    ['start-pose check', onOff(c.startPoseCheck)],
    ['rt gravity comp', onOff(c.rtGravityComp)],
    ['dynamics feedforward', onOff(c.dynamicsFeedforward)],
  ];
}

export class ArmPanel {
  angle: AngleUnit = 'rad';
  private shown = false;
  private readonly jointCells: { position: HTMLElement; velocity: HTMLElement; limits: HTMLElement }[] = [];
  private readonly contractCells: HTMLElement[] = [];

  constructor(controls: Controls) {
    const units = el<HTMLSelectElement>('arm-units');
    units.addEventListener('change', () => {
      this.angle = units.value === 'deg' ? 'deg' : 'rad';
    });
    const body = el<HTMLTableSectionElement>('arm-joints-body');
    for (let j = 0; j < JOINT_LIMITS.length; j++) {
      const tr = document.createElement('tr');
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = `J${j + 1}`;
      const cells = {
        position: document.createElement('td'),
        velocity: document.createElement('td'),
        limits: document.createElement('td'),
      };
      tr.append(name, cells.position, cells.velocity, cells.limits);
      body.append(tr);
      this.jointCells.push(cells);
    }
    const knob = (id: string, what: string, name: string, args: () => (string | boolean)[] = () => []) =>
      controls.bind(id, what, () => ({ op: 'armKnob', knob: name, args: args() }));
    knob('arm-enable', 'enable', 'arm_enable', () => [true]);
    knob('arm-disable', 'disable', 'arm_enable', () => [false]);
    knob('arm-home', 'home', 'arm_home');
    knob('arm-latch', 'latch error', 'arm_latch_error', () => [el<HTMLInputElement>('arm-error-reason').value]);
    knob('arm-clear', 'clear error', 'arm_clear_error');
    knob('arm-hold', 'hold control', 'arm_hold_control', () => [el<HTMLInputElement>('arm-holder').value]);
    knob('arm-release', 'release control', 'arm_release_control');
  }

  /** Shows the arm panel (and hides the robot plots) while an arm is selected. */
  show(isArm: boolean): void {
    if (isArm === this.shown) return;
    this.shown = isArm;
    el('arm-knobs').hidden = !isArm;
    el('arm-view').hidden = !isArm;
    el('plots').hidden = isArm;
    // The arm panel has more to show than a robot's plots: the bottom row takes more height.
    document.querySelector('main')?.classList.toggle('arm-selected', isArm);
  }

  /** Rewrites the text that changed (called ten times a second, like the table). */
  update(record: ArmRecord | undefined): void {
    if (!this.shown) return;
    if (record === undefined) {
      setText(el('arm-mode'), 'no status from this arm yet');
      return;
    }
    const s = record.latest;
    const a = ANGLE_UNITS[this.angle];
    const session =
      s.mode === 'IDLE'
        ? ''
        : ` with ${s.pcIp || 'no PC'} over ${s.transport}${s.mode === 'SOFT_RTI' ? ` at ${fixed(s.rateHz, 1)} Hz` : ''}`;
    setText(el('arm-mode'), `${s.mode}${session}`);
    setText(el('arm-owner'), s.owner === '' ? 'nobody' : s.owner);
    setText(el('arm-enabled'), s.enabled ? 'yes' : 'no');
    setText(el('arm-homed'), s.homed ? 'yes' : 'no');
    const error = el('arm-error');
    setText(error, s.errorLatched ? `latched: ${s.errorReason}` : 'none');
    error.className = s.errorLatched ? 'error' : '';
    const claim = s.claimed ? 'claimed (commands applied)' : s.stopping ? 'stopping' : 'not claimed';
    setText(el('arm-claim'), s.stopReason === '' ? claim : `${claim}; last stop: ${s.stopReason}`);
    setText(el('arm-tick'), `${s.tick} (4 ms each)`);
    setText(el('arm-port'), s.streamPort === 0 ? 'none (no sockets)' : `${s.streamPort} (udp, tcp)`);
    setText(el('arm-position-head'), `position (${a.unit})`);
    setText(el('arm-velocity-head'), `velocity (${a.unit}/s)`);
    setText(el('arm-limits-head'), `limits (${a.unit}, ${a.unit}/s)`);
    this.jointCells.forEach((cells, j) => {
      const limit = JOINT_LIMITS[j];
      setText(cells.position, `${fixed((s.positions[j] ?? Number.NaN) * a.scale, a.decimals)} ${a.unit}`);
      setText(cells.velocity, `${fixed((s.velocities[j] ?? Number.NaN) * a.scale, a.decimals)} ${a.unit}/s`);
      if (limit !== undefined) {
        const d = a.decimals - 1;
        const span =
          limit.min === -limit.max
            ? `±${fixed(limit.max * a.scale, d)}`
            : `${fixed(limit.min * a.scale, d)}…${fixed(limit.max * a.scale, d)}`;
        setText(cells.limits, `${span} ${a.unit}, ${fixed(limit.maxSpeed * a.scale, d)} ${a.unit}/s`);
      }
    });
    const lines = contractLines(record, this.angle);
    const list = el<HTMLDListElement>('arm-contract');
    if (this.contractCells.length === 0) {
      for (const [label] of lines) {
        // A div per term keeps each label with its value when the list wraps.
        const item = document.createElement('div');
        const dt = document.createElement('dt');
        dt.textContent = label;
        const dd = document.createElement('dd');
        item.append(dt, dd);
        list.append(item);
        this.contractCells.push(dd);
      }
    }
    lines.forEach(([, value], i) => {
      const cell = this.contractCells[i];
      if (cell !== undefined) setText(cell, value);
    });
  }
}
