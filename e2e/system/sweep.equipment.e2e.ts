import { consoleSweep } from './consoleSweep';

consoleSweep('equipment');
