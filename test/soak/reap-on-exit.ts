/**
 * The runner's child processes (churn workers, actors' children): each is SIGKILLed if the
 * runner exits while it still runs, so no child outlives a soak that ended or crashed.
 */
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

export function reapOnExit(child: ChildProcess): void {
  running.add(child);
  child.on('exit', () => running.delete(child));
}
