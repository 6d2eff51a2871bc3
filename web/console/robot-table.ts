/**
 * The live robot table: one row per robot, keyed by sys_id, cells rewritten only when their text
 * changes (200 rows at display rate would otherwise relayout every frame). Rows scrolled out of
 * view (an IntersectionObserver says which, so nothing reads layout) are refreshed a few per
 * update in turn, so a thousand rows cost about what the visible ones do and all stay current
 * within a few updates. The id cell is a button, so the table is reachable and selectable from the keyboard.
 */
import { vec3, withUnit } from './format.js';
import type { RobotRecord, SwarmModel } from './swarm-model.js';

const COLUMNS = ['type', 'active', 'rate', 'position', 'speed', 'gaps'] as const;

/** Rows out of view refreshed per update, in turn. */
const HIDDEN_ROWS_PER_UPDATE = 40;

interface Row {
  readonly tr: HTMLTableRowElement;
  readonly button: HTMLButtonElement;
  readonly cells: Record<(typeof COLUMNS)[number], HTMLTableCellElement>;
  visible: boolean;
  selected: boolean;
}

function setText(cell: HTMLElement, text: string): void {
  if (cell.textContent !== text) cell.textContent = text;
}

export class RobotTable {
  private readonly rows = new Map<number, Row>();
  private readonly byElement = new WeakMap<Element, Row>();
  private readonly observer: IntersectionObserver | undefined;
  /** Where the turn of the rows out of view goes on (an index into the record list). */
  private hiddenTurn = 0;

  constructor(
    private readonly body: HTMLTableSectionElement,
    private readonly onSelect: (sysId: number) => void,
  ) {
    const root = body.closest('.scroll');
    this.observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                const row = this.byElement.get(entry.target);
                if (row !== undefined) row.visible = entry.isIntersecting;
              }
            },
            { root, rootMargin: '100px 0px' },
          )
        : undefined;
  }

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
    // Drawn until the observer says otherwise, so a new row never shows empty.
    row = { tr, button, cells, visible: true, selected: false };
    button.setAttribute('aria-pressed', 'false');
    this.rows.set(sysId, row);
    this.byElement.set(tr, row);
    this.observer?.observe(tr);
    return row;
  }

  update(model: SwarmModel, records: readonly RobotRecord[], nowMs: number, selected: number | undefined): void {
    const seen = new Set<number>();
    let previous: HTMLTableRowElement | undefined;
    const n = records.length;
    if (this.hiddenTurn >= n) this.hiddenTurn = 0;
    const turnEnd = this.hiddenTurn + HIDDEN_ROWS_PER_UPDATE;
    for (let i = 0; i < n; i++) {
      const record = records[i] as RobotRecord;
      seen.add(record.sysId);
      const row = this.row(record.sysId);
      const isSelected = record.sysId === selected;
      const inTurn = (i >= this.hiddenTurn && i < turnEnd) || i < turnEnd - n;
      if (row.visible || isSelected || inTurn) this.fill(row, model, record, nowMs);
      if (row.selected !== isSelected) {
        row.selected = isSelected;
        row.tr.classList.toggle('selected', isSelected);
        row.button.setAttribute('aria-pressed', String(isSelected));
      }
      // Keep DOM order = sys_id order without re-appending rows that are already in place.
      const expectedNext = previous === undefined ? this.body.firstElementChild : previous.nextElementSibling;
      if (expectedNext !== row.tr) {
        if (previous === undefined) this.body.prepend(row.tr);
        else previous.after(row.tr);
      }
      previous = row.tr;
    }
    this.hiddenTurn = turnEnd;
    for (const [sysId, row] of this.rows) {
      if (!seen.has(sysId)) {
        this.observer?.unobserve(row.tr);
        row.tr.remove();
        this.rows.delete(sysId);
      }
    }
  }

  private fill(row: Row, model: SwarmModel, record: RobotRecord, nowMs: number): void {
    const c = row.cells;
    setText(c.type, record.robotType);
    setText(c.active, model.isStale(record, nowMs) ? 'silent' : record.active ? 'active' : 'idle');
    setText(c.rate, withUnit(record.rateHz(nowMs), 1, 'Hz'));
    setText(c.position, vec3(record.position, 2, 'm'));
    setText(c.speed, withUnit(record.speed, 2, 'm/s'));
    setText(c.gaps, record.seqGaps === 0 ? '0' : `${record.seqGaps} (${record.missed} samples missed)`);
  }
}
