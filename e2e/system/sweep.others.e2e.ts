import { consoleSweep } from './consoleSweep';

consoleSweep('others');
