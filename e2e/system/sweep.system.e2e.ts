import { consoleSweep } from './consoleSweep';

consoleSweep('system');
