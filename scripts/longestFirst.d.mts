/** Types of scripts/longestFirst.mjs: a vitest sequencer (longest test files first). */
import { BaseSequencer } from 'vitest/node';
export default class LongestFirst extends BaseSequencer {}
