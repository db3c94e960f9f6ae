import { describe, expect, it } from 'vitest';
import { installedMatchesLock } from './ensure.mjs';

const lock = {
  '': { name: 'gx-console' },
  'apps/server': { name: '@gx/server', version: '0.1.0' },
  'node_modules/@gx/server': { resolved: 'apps/server', link: true },
  'node_modules/fastify': { version: '5.6.0' },
  'node_modules/@esbuild/darwin-arm64': { version: '0.25.0', optional: true },
  'node_modules/fsevents': { version: '2.3.3', devOptional: true },
};
const installed = Object.fromEntries(Object.entries(lock).filter(([k]) => k !== '' && !k.includes('darwin') && !k.includes('fsevents')));

describe('installedMatchesLock (npm test after a hand-run npm ci)', () => {
  it('accepts the tree npm installed from the lock, without another platform\'s optional packages', () => {
    expect(installedMatchesLock(lock, installed)).toBe(true);
  });

  it('refuses a tree missing a required package, holding another version, or holding a package the lock does not name', () => {
    const { 'node_modules/fastify': _, ...without } = installed;
    expect(installedMatchesLock(lock, without)).toBe(false);
    expect(installedMatchesLock(lock, { ...installed, 'node_modules/fastify': { version: '5.5.0' } })).toBe(false);
    expect(installedMatchesLock(lock, { ...installed, 'node_modules/left-pad': { version: '1.3.0' } })).toBe(false);
  });
});
