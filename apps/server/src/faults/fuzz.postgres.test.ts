import { fuzzSuite } from './fuzz';

fuzzSuite('postgres');
