// A vitest sequencer that starts the longest test files first. In a fresh clone vitest has no timings cached and
// orders files by size, so the whole-console sweeps and the fixed-budget fuzz (small files, long runs) started last
// and ran alone at the end while the other workers sat idle: about 150 s of the browser phase and 60 s of the unit
// phase. The list holds the files measured longest (`npm test` prints the ten slowest); a stale entry costs only
// balance, never a test.
import { BaseSequencer } from 'vitest/node';

/** Longest first; every other file follows in vitest's own order. */
const LONGEST = [
  /e2e\/system\/sweep\.[^/]+\.e2e\.ts$/,
  /e2e\/business\/workOrder\.e2e\.ts$/,
  /e2e\/system\/resourceLooks\.e2e\.ts$/,
  /e2e\/system\/pages\.e2e\.ts$/,
  /e2e\/device\/lifecycle\.e2e\.ts$/,
  /e2e\/shell\/(dialogs|navbar)\.e2e\.ts$/,
  /e2e\/marketing\/prizeDraw\.e2e\.ts$/,
  /e2e\/system\/resource(AddForms|Coverage)\.e2e\.ts$/,
  /equipment\/protocol\.test\.ts$/,
  /faults\/fuzz\.[^/]+\.test\.ts$/,
  /resources\/authorizationMatrix\.test\.ts$/,
  /business\/business\.test\.ts$/,
];

const rank = (id) => {
  const i = LONGEST.findIndex((re) => re.test(id));
  return i === -1 ? LONGEST.length : i;
};

export default class LongestFirst extends BaseSequencer {
  async sort(files) {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return [...sorted].sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
  }
}
