/** The vrobots fuzz on the in-process backend (simulator in this process). */
import { defineVrobotsFuzz } from './vrobots-suite.js';

defineVrobotsFuzz({ name: 'local', setup: async () => undefined, teardown: async () => {}, runs: 20 });
