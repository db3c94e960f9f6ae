import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import FileTimes from './fileTimes.mjs';

describe('the file times reporter', () => {
  const saved = process.env.GX_FILE_TIMES;
  let dir = '';
  afterEach(() => {
    if (saved === undefined) delete process.env.GX_FILE_TIMES;
    else process.env.GX_FILE_TIMES = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts a file\'s preparation, setup, import, tests and hooks, and writes them where GX_FILE_TIMES says', () => {
    dir = mkdtempSync(join(tmpdir(), 'gx-file-times-'));
    process.env.GX_FILE_TIMES = join(dir, 'times.json');
    const reporter = new FileTimes();
    const diagnostic = () => ({ prepareDuration: 100, setupDuration: 50, collectDuration: 350, duration: 12_500 });
    reporter.onTestModuleEnd({ moduleId: join(process.cwd(), 'e2e/shell/guard.e2e.ts'), diagnostic });
    reporter.onTestRunEnd();
    expect(JSON.parse(readFileSync(join(dir, 'times.json'), 'utf8'))).toEqual([{ file: 'e2e/shell/guard.e2e.ts', seconds: 13 }]);
  });
});
