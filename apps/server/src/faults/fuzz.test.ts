import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, READ_ONLY_METHODS } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { mergeEndpoints } from '../http/endpoint';
import { allEndpoints } from '../modules/allEndpoints';
import { fieldsOf, malformedRequests, type Malformed } from './payloads';
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
    /** Sends one request and checks the answer's form; returns its code. */
    const send = async (path: string, methodName: string, who: string, token: string | undefined, req: Malformed): Promise<number> => {
      const headers: Record<string, string> = {};
      if (req.contentType) headers['content-type'] = req.contentType;
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`${t.url}/v3${path}`, { method: 'POST', headers, body: req.body });
      sent++;
      const where = `${path}#${methodName} [${who}] ${req.label}`;
      const text = await res.text();
      if (res.status >= 500) problems.push(`${where}: HTTP ${res.status}`);
      if (STACK.test(text)) problems.push(`${where}: stack in answer`);
      let code = -1;
      try { code = (JSON.parse(text) as { code: number }).code; } catch { problems.push(`${where}: not JSON`); }
      if (!KNOWN_CODES.has(code)) problems.push(`${where}: code ${code} outside the catalogue`);
      if (code === Code.INTERNAL) problems.push(`${where}: server fault`);
      return code;
    };
    for (const spec of mergeEndpoints(allEndpoints)) {
      for (const [methodName, m] of Object.entries(spec.methods)) {
        const readOnly = m.readOnly ?? READ_ONLY_METHODS.includes(methodName);
        for (const who of tokens) {
          const passesAccess = m.access === 'public' || (who.name !== 'anonymous' && (m.access === 'user' || who.name === 'administrator'));
          const requests = malformedRequests(methodName, fieldsOf(m.body), passesAccess);
          // A batch in which everything was refused must leave the database as it was. Where something was
          // accepted (an administrator's hostile-but-valid text), the refused ones are replayed one by one.
          const before = await databaseFingerprint(t.database);
          const refused: Malformed[] = [];
          let accepted = false;
          for (const req of requests) {
            const code = await send(spec.path, methodName, who.name, await who.get(), req);
            if (code === Code.OK) accepted = true;
            else refused.push(req);
            if (code === Code.OK && SESSION_ENDING.has(spec.path)) {
              if (who.name === 'administrator') adminToken = await t.login();
              if (who.name === 'user without keys') userToken = await t.login('fuzzuser', 'Fuzz@12345');
            }
          }
          // Read-only methods must not write whatever they answered, so the batch check is enough for them.
          if (!accepted || readOnly) {
            if ((await databaseFingerprint(t.database)) !== before) problems.push(`${spec.path}#${methodName} [${who.name}]: refused requests changed the database`);
            continue;
          }
          for (const req of refused) {
            const b = await databaseFingerprint(t.database);
            const code = await send(spec.path, methodName, who.name, await who.get(), req);
            if (code !== Code.OK && (await databaseFingerprint(t.database)) !== b) problems.push(`${spec.path}#${methodName} [${who.name}] ${req.label}: refused (${code}) but the database changed`);
          }
        }
      }
    }
    console.info(`fuzz (${engine}): ${sent} malformed requests`);
    expect(problems.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    expect(sent).toBeLessThan(20000);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  }, 600_000);
});
