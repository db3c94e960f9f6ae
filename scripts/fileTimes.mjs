// A vitest reporter writing each test file's whole time to the JSON file named by GX_FILE_TIMES, for the slowest-files
// list `npm test` prints (issue 9 point 9). Vitest's JSON report times a file from its first test's start to its last
// test's end, so the server, database and browser a file's beforeAll starts (2-4 s a browser file here, more for a
// seeded one) counted nowhere, and a file slow to set up looked fast. This counts its import, its tests and its hooks.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimes {
  /** @type {{ file: string, seconds: number }[]} */
  times = [];

  /** @param {{ moduleId: string, diagnostic(): { duration: number, collectDuration: number, setupDuration: number, prepareDuration: number } }} testModule */
  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms = d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    this.times.push({ file: relative(process.cwd(), testModule.moduleId), seconds: Math.round(ms) / 1000 });
  }

  onTestRunEnd() {
    if (process.env.GX_FILE_TIMES) writeFileSync(process.env.GX_FILE_TIMES, JSON.stringify(this.times));
  }
}
