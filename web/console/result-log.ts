/** The Result of every action and service call, newest first, errors styled and never dropped silently. */

const KEEP = 50;

export class ResultLog {
  constructor(private readonly list: HTMLOListElement) {}

  add(what: string, ok: boolean, detail: string): void {
    const item = document.createElement('li');
    item.className = ok ? 'ok' : 'error';
    const time = new Date().toLocaleTimeString();
    item.textContent = `${time} ${what}: ${ok ? 'ok' : 'error'}${detail === '' ? '' : ` — ${detail}`}`;
    this.list.prepend(item);
    while (this.list.children.length > KEEP) this.list.lastElementChild?.remove();
  }
}
