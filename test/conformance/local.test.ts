import { defineConformanceSuite } from './suite.js';

defineConformanceSuite('local', () => ({ backend: 'local' }));
