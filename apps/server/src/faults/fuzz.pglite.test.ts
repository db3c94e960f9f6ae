import { fuzzSuite } from './fuzz';

fuzzSuite('pglite');
