/**
 * The commands a robot has applied, per id (last value wins) and the very last one, whose
 * id, src_id and seq the actuator echo reports. The physics model keeps its own latch of
 * what acts on each step; reset clears both.
 */
import type { Result } from '../../result.js';
import type { Command } from '../messages/topic-messages.js';
import type { RobotType } from '../robot-type.js';

/** The simulator-side acceptability check: ok, or why the command is ignored. */
export type CommandCheck = (robotType: RobotType, command: Command) => Result;

export class CommandLatch {
  /** Insertion order = order of first arrival; re-setting an id moves it last. */
  private readonly byId = new Map<number, Command>();
  private lastApplied: Command | undefined;

  apply(command: Command): void {
    this.byId.delete(command.id);
    this.byId.set(command.id, command);
    this.lastApplied = command;
  }

  /** The latched commands, oldest first. */
  commands(): readonly Command[] {
    return [...this.byId.values()];
  }

  latest(id: number): Command | undefined {
    return this.byId.get(id);
  }

  /** The last command applied (its id, src_id and seq go into the actuator echo). */
  last(): Command | undefined {
    return this.lastApplied;
  }

  clear(): void {
    this.byId.clear();
    this.lastApplied = undefined;
  }
}
