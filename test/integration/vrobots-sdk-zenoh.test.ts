/** The SDK suite over a real zenoh router (its own, started for this file). */
import { sdkSuite } from './vrobots-sdk-suite.js';

sdkSuite('zenoh');
