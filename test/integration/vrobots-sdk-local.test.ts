/** The SDK suite on the in-process backend (no router): the simulator runs in this process. */
import { sdkSuite } from './vrobots-sdk-suite.js';

sdkSuite('local');
