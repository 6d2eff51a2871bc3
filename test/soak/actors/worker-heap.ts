/**
 * The JS heap of a page's dedicated workers (the console's session, zenoh-ts and rclts run in
 * one), which the page's own metrics leave out: a browser-level CDP session attaches to each
 * worker target and asks Runtime.getHeapUsage through Target.sendMessageToTarget (playwright's
 * CDP sessions cannot address a child session directly).
 */
import type { Browser, CDPSession } from 'playwright-core';

const ANSWER_BUDGET_MS = 2000;

export class WorkerHeaps {
  private readonly sessions = new Map<string, string>();
  private readonly pending = new Map<number, (message: { result?: { usedSize?: number } }) => void>();
  private nextId = 1;

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const m = JSON.parse(e.message) as { id?: number; result?: { usedSize?: number } };
      if (m.id !== undefined) this.pending.get(m.id)?.(m);
    });
  }

  static async open(browser: Browser): Promise<WorkerHeaps> {
    return new WorkerHeaps(await browser.newBrowserCDPSession());
  }

  /** Bytes used by every worker's heap together; undefined when no worker answered. */
  async usedBytes(): Promise<number | undefined> {
    const { targetInfos } = await this.cdp.send('Target.getTargets');
    const workers = targetInfos.filter((t) => t.type === 'worker');
    let total: number | undefined;
    for (const w of workers) {
      let sessionId = this.sessions.get(w.targetId);
      if (sessionId === undefined) {
        sessionId = (await this.cdp.send('Target.attachToTarget', { targetId: w.targetId, flatten: false })).sessionId;
        this.sessions.set(w.targetId, sessionId);
      }
      const used = await this.ask(sessionId);
      if (used !== undefined) total = (total ?? 0) + used;
    }
    // Workers that went away leave their session behind: forget it.
    for (const id of [...this.sessions.keys()]) if (!workers.some((w) => w.targetId === id)) this.sessions.delete(id);
    return total;
  }

  private async ask(sessionId: string): Promise<number | undefined> {
    const id = this.nextId++;
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<number | undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ANSWER_BUDGET_MS);
      this.pending.set(id, (m) => resolve(m.result?.usedSize));
    });
    const message = JSON.stringify({ id, method: 'Runtime.getHeapUsage' });
    await this.cdp.send('Target.sendMessageToTarget', { sessionId, message });
    const used = await answer;
    clearTimeout(timer);
    this.pending.delete(id);
    return used;
  }

  async close(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}
