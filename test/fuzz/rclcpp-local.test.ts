/** The rclcpp fuzz on the in-process backend. */
import { defineHandlerFuzz } from './handlers-suite.js';
import { defineNamesFuzz } from './names-suite.js';
import type { FuzzBackend } from './rclcpp-suite.js';
import { defineRclcppFuzz } from './rclcpp-suite.js';
import { defineRequestFuzz } from './requests-suite.js';

const local: FuzzBackend = { name: 'local', options: () => ({}), runs: 100, dispatchBoundMs: 5000 };

defineRclcppFuzz(local);
defineRequestFuzz({ ...local, runs: 12 });
defineHandlerFuzz({ ...local, runs: 80 });
defineNamesFuzz({ ...local, runs: 2 });
