import { consoleSweep } from './consoleSweep';

consoleSweep('business');
