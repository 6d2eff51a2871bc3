/**
 * The live robot table: one row per robot, keyed by sys_id, cells rewritten only when their text
 * changes (200 rows at display rate would otherwise relayout every frame). The id cell is a
 * button, so the table is reachable and selectable from the keyboard.
 */
import { vec3, withUnit } from './format.js';
import type { RobotRecord, SwarmModel } from './swarm-model.js';

const COLUMNS = ['type', 'active', 'rate', 'position', 'speed', 'gaps'] as const;

interface Row {
  readonly tr: HTMLTableRowElement;
  readonly button: HTMLButtonElement;
  readonly cells: Record<(typeof COLUMNS)[number], HTMLTableCellElement>;
}

function setText(cell: HTMLElement, text: string): void {
  if (cell.textContent !== text) cell.textContent = text;
}

export class RobotTable {
  private readonly rows = new Map<number, Row>();

  constructor(
    private readonly body: HTMLTableSectionElement,
    private readonly onSelect: (sysId: number) => void,
  ) {}

  private row(sysId: number): Row {
    let row = this.rows.get(sysId);
    if (row !== undefined) return row;
    const tr = document.createElement('tr');
    tr.dataset.sysId = String(sysId);
    const idCell = document.createElement('th');
    idCell.scope = 'row';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `#${sysId}`;
    button.setAttribute('aria-label', `select robot ${sysId}`);
    button.addEventListener('click', () => this.onSelect(sysId));
    idCell.append(button);
    tr.append(idCell);
    const cells = {} as Row['cells'];
    for (const column of COLUMNS) {
      const td = document.createElement('td');
      td.className = `col-${column}`;
      tr.append(td);
      cells[column] = td;
    }
    row = { tr, button, cells };
    this.rows.set(sysId, row);
    return row;
  }

  update(model: SwarmModel, records: readonly RobotRecord[], nowMs: number, selected: number | undefined): void {
    const seen = new Set<number>();
    let previous: HTMLTableRowElement | undefined;
    for (const record of records) {
      seen.add(record.sysId);
      const row = this.row(record.sysId);
      const c = row.cells;
      setText(c.type, record.robotType);
      setText(c.active, model.isStale(record, nowMs) ? 'silent' : record.active ? 'active' : 'idle');
      setText(c.rate, withUnit(record.rateHz(nowMs), 1, 'Hz'));
      setText(c.position, vec3(record.position, 2, 'm'));
      setText(c.speed, withUnit(record.speed, 2, 'm/s'));
      setText(c.gaps, record.seqGaps === 0 ? '0' : `${record.seqGaps} (${record.missed} samples missed)`);
      row.tr.classList.toggle('selected', record.sysId === selected);
      row.button.setAttribute('aria-pressed', String(record.sysId === selected));
      // Keep DOM order = sys_id order without re-appending rows that are already in place.
      const expectedNext = previous === undefined ? this.body.firstElementChild : previous.nextElementSibling;
      if (expectedNext !== row.tr) {
        if (previous === undefined) this.body.prepend(row.tr);
        else previous.after(row.tr);
      }
      previous = row.tr;
    }
    for (const [sysId, row] of this.rows) {
      if (!seen.has(sysId)) {
        row.tr.remove();
        this.rows.delete(sysId);
      }
    }
  }
}
