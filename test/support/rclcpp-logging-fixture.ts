/** A captured console for logger tests, and a clean logging state before each test. */
import { afterEach, beforeEach } from 'vitest';
import { resetCallSites } from '../../src/rclcpp/logging/call-site.js';
import type { ConsoleRecord } from '../../src/rclcpp/logging/console-format.js';
import { configureConsoleOutput, resetConsoleOutput, setLogOutput } from '../../src/rclcpp/logging/console-output.js';
import { resetLoggerLevels } from '../../src/rclcpp/logging/logger-levels.js';
import { resetLoggingStats } from '../../src/rclcpp/logging/logging-notes.js';

export interface Captured {
  readonly lines: string[];
  readonly records: ConsoleRecord[];
}

export function resetLogging(): void {
  resetLoggerLevels();
  resetConsoleOutput();
  resetCallSites();
  resetLoggingStats();
}

/** Each test starts from rcutils's defaults with the console captured, uncoloured. */
export function captureConsole(): Captured {
  const captured: Captured = { lines: [], records: [] };
  beforeEach(() => {
    resetLogging();
    captured.lines.length = 0;
    captured.records.length = 0;
    setLogOutput((line, record) => {
      captured.lines.push(line);
      captured.records.push(record);
    });
    configureConsoleOutput({ colorized: false });
  });
  afterEach(resetLogging);
  return captured;
}
