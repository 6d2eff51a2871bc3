import { defineContractSuite } from './contract-suite.js';
import { defineConformanceSuite } from './suite.js';

defineConformanceSuite('local', () => ({ backend: 'local' }));
defineContractSuite('local', () => ({ backend: 'local' }));
