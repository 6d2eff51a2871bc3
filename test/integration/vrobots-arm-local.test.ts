/** The arm's real-time interface on the in-process backend (the simulator runs in this process). */
import { armSuite } from './vrobots-arm-suite.js';

armSuite('local');
