#!/usr/bin/env node
// The `vrobots` command (bin/run-entry.mjs says how it finds its code).
import { runEntry } from './run-entry.mjs';

await runEntry('vrobots', 'cli/vrobots/main');
