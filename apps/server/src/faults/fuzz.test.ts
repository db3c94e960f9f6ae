import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { mergeEndpoints } from '../http/endpoint';
import { allEndpoints } from '../modules/allEndpoints';
import { fieldsOf, malformedRequests } from './payloads';
import { databaseFingerprint } from './fingerprint';
import { createPlainUser } from '../testing/users';

const KNOWN_CODES = new Set<number>(Object.values(Code));
const STACK = /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+:\d+|node_modules|Error: /;
// Calls whose success ends the caller's own session; the fuzzer signs in again after them.
const SESSION_ENDING = new Set(['/admin/index/logout']);

describe.each(engines)('bad-input fuzz across every endpoint and method (%s)', (engine) => {
  let t: TestApp;
  let tokens: { name: string; get: () => Promise<string | undefined> }[];
  let adminToken = '';
  let userToken = '';
  beforeAll(async () => {
    t = await startTestApp({ engine });
    adminToken = await t.login();
    await createPlainUser(t, 'fuzzuser', 'Fuzz@12345');
    userToken = await t.login('fuzzuser', 'Fuzz@12345');
    tokens = [
      { name: 'anonymous', get: async () => undefined },
      { name: 'user without keys', get: async () => userToken },
      { name: 'administrator', get: async () => adminToken },
    ];
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers every malformed request with a contract code, never a 5xx or a stack, and refused requests write nothing', async () => {
    let sent = 0;
    const problems: string[] = [];
    for (const spec of mergeEndpoints(allEndpoints)) {
      for (const [methodName, m] of Object.entries(spec.methods)) {
        const requests = malformedRequests(methodName, fieldsOf(m.body));
        for (const who of tokens) {
          let before = await databaseFingerprint(t.database);
          for (const req of requests) {
            const token = await who.get();
            const headers: Record<string, string> = {};
            if (req.contentType) headers['content-type'] = req.contentType;
            if (token) headers.authorization = `Bearer ${token}`;
            const res = await fetch(`${t.url}/v3${spec.path}`, { method: 'POST', headers, body: req.body });
            sent++;
            const where = `${spec.path}#${methodName} [${who.name}] ${req.label}`;
            const text = await res.text();
            if (res.status >= 500) problems.push(`${where}: HTTP ${res.status}`);
            if (STACK.test(text)) problems.push(`${where}: stack in answer`);
            let code = -1;
            try { code = (JSON.parse(text) as { code: number }).code; } catch { problems.push(`${where}: not JSON`); }
            if (!KNOWN_CODES.has(code)) problems.push(`${where}: code ${code} outside the catalogue`);
            if (code === Code.INTERNAL) problems.push(`${where}: server fault`);
            const after = await databaseFingerprint(t.database);
            if (code !== Code.OK && after !== before) problems.push(`${where}: refused (${code}) but the database changed`);
            before = after;
            if (code === Code.OK && SESSION_ENDING.has(spec.path)) {
              if (who.name === 'administrator') adminToken = await t.login();
              if (who.name === 'user without keys') userToken = await t.login('fuzzuser', 'Fuzz@12345');
              before = await databaseFingerprint(t.database);
            }
          }
        }
      }
    }
    console.info(`fuzz (${engine}): ${sent} malformed requests`);
    expect(problems.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThan(300);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  }, 600_000);
});
