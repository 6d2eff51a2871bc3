import { inject } from 'vitest';
import { defineConformanceSuite } from './suite.js';

defineConformanceSuite('zenoh', () => ({ router: inject('zenohLocator') }));
