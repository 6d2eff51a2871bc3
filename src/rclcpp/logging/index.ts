/** The logging area's public list (re-exported by src/rclcpp/index.ts). */

export { DEFAULT_CONSOLE_FORMAT } from './console-format.js';
export type { ConsoleRecord } from './console-format.js';
export { configureConsoleOutput, setLogOutput } from './console-output.js';
export type { ConsoleOutputOptions, LogOutput } from './console-output.js';
export { getLogger, Logger } from './logger.js';
export type { LogMessage, LogOptions, ThrottleClock } from './logger.js';
export { applyLogLevels, setDefaultLoggerLevel } from './logger-levels.js';
export type { LogLevelPair } from './logger-levels.js';
export { loggingStats } from './logging-notes.js';
export type { LoggingNotes } from './logging-notes.js';
export { LogLevel, UNSET_LEVEL } from './severity.js';
export type { LoggerLevel } from './severity.js';
