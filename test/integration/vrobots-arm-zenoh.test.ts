/** The arm's real-time interface over a real zenoh router (its own, per file). */
import { armSuite } from './vrobots-arm-suite.js';

armSuite('zenoh');
