import { defineActionSuite } from './action-suite.js';
import { defineCallbackGroupsSuite } from './callback-groups-suite.js';
import { defineCompletionSuite } from './completion-suite.js';
import { defineContractSuite } from './contract-suite.js';
import { defineGraphEventsSuite } from './graph-events-suite.js';
import { defineLifecycleSuite } from './lifecycle-suite.js';
import { defineParametersSuite } from './parameters-suite.js';
import { defineConformanceSuite } from './suite.js';

defineConformanceSuite('local', () => ({ backend: 'local' }));
defineContractSuite('local', () => ({ backend: 'local' }));
defineParametersSuite('local', () => ({ backend: 'local' }));
defineLifecycleSuite('local', () => ({ backend: 'local' }));
defineActionSuite('local', () => ({ backend: 'local' }));
defineCompletionSuite('local', () => ({ backend: 'local' }));
defineGraphEventsSuite('local', () => ({ backend: 'local' }));
defineCallbackGroupsSuite('local', () => ({ backend: 'local' }));
