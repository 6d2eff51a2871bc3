import { inject } from 'vitest';
import { defineActionSuite } from './action-suite.js';
import { defineCallbackGroupsSuite } from './callback-groups-suite.js';
import { defineCompletionSuite } from './completion-suite.js';
import { defineContractSuite } from './contract-suite.js';
import { defineGraphEventsSuite } from './graph-events-suite.js';
import { defineLifecycleSuite } from './lifecycle-suite.js';
import { defineParametersSuite } from './parameters-suite.js';
import { defineConformanceSuite } from './suite.js';

defineConformanceSuite('zenoh', () => ({ router: inject('zenohLocator') }));
defineContractSuite('zenoh', () => ({ router: inject('zenohLocator') }));
defineParametersSuite('zenoh', () => ({ router: inject('zenohLocator') }));
defineLifecycleSuite('zenoh', () => ({ router: inject('zenohLocator') }));
defineActionSuite('zenoh', () => ({ router: inject('zenohLocator') }));
defineCompletionSuite('zenoh', () => ({ router: inject('zenohLocator') }));
defineGraphEventsSuite('zenoh', () => ({ router: inject('zenohLocator') }));
defineCallbackGroupsSuite('zenoh', () => ({ router: inject('zenohLocator') }));
