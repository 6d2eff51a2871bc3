#!/usr/bin/env node
// The `rclts` command (bin/run-entry.mjs says how it finds its code).
import { runEntry } from './run-entry.mjs';

await runEntry('rclts', 'cli/rclts/main');
