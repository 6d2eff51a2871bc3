/** The rclcpp fuzz over zenoh, through the shared real router (fewer runs: each opens a session). */
import { inject } from 'vitest';
import { defineHandlerFuzz } from './handlers-suite.js';
import { defineNamesFuzz } from './names-suite.js';
import { defineRclcppFuzz, type FuzzBackend } from './rclcpp-suite.js';
import { defineRequestFuzz } from './requests-suite.js';

const zenoh: FuzzBackend = {
  name: 'zenoh',
  options: () => ({ router: inject('zenohLocator') }),
  runs: 10,
  dispatchBoundMs: 5000,
};

defineRclcppFuzz(zenoh);
defineRequestFuzz({ ...zenoh, runs: 6 });
defineHandlerFuzz({ ...zenoh, runs: 12 });
defineNamesFuzz({ ...zenoh, runs: 2 });
