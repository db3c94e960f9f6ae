import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, READ_ONLY_METHODS } from '@gx/contract';
import { bothEngines, startTestApp, type Engine, type TestApp } from '../testing/testApp';
import { mergeEndpoints } from '../http/endpoint';
import { allEndpoints } from '../modules/areas';
import { fieldsOf, malformedRequests, type Malformed } from './payloads';
import { countWrites } from './writeCounter';
import { createPlainUser } from '../testing/users';

const KNOWN_CODES = new Set<number>(Object.values(Code));
const STACK = /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+:\d+|node_modules|Error: /;
// Calls whose success ends the caller's own session; the fuzzer signs in again after them.
const SESSION_ENDING = new Set(['/admin/index/logout']);

/**
 * The fuzz has a fixed time per engine (FUZZ_SECONDS, default 20; 0 = no limit) rather than a fixed size, so the
 * suite stays as long while endpoints are added. Inside the loaded suite here 20 s reaches 530–600 of ~3,200 rounds
 * on either engine (the write check is one query, `writeCounter.ts`); 60 s reached 190 on PGlite and 600 on
 * PostgreSQL while every round digested every table twice. Every endpoint × method × caller is a round; the rounds run in an
 * order drawn from FUZZ_SEED (random unless given, and printed, so a failure can be replayed), so successive runs
 * cover different parts when the time does not reach them all.
 */
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 20) * 1000;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, enough to shuffle reproducibly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The fuzz on one engine. Each engine has its own test file (fuzz.<engine>.test.ts) so the two budgets run side by
 * side in parallel workers instead of one after the other; an engine that is not configured is skipped.
 */
export function fuzzSuite(engine: Engine): void {
  describe.skipIf(!bothEngines.includes(engine))(`bad-input fuzz across every endpoint and method (${engine})`, () => {
    let t: TestApp;
    let tokens: { name: string; get: () => Promise<string | undefined> }[];
    let adminToken = '';
    let userToken = '';
    let writes: () => Promise<number>;
    beforeAll(async () => {
      t = await startTestApp({ engine });
      writes = await countWrites(t.database);
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
      const rounds = mergeEndpoints(allEndpoints).flatMap((spec) => Object.entries(spec.methods)
        .flatMap(([methodName, m]) => tokens.map((who) => ({ spec, methodName, m, who }))));
      const started = Date.now();
      let done = 0;
      for (const { spec, methodName, m, who } of shuffled(rounds, seeded(SEED))) {
        if (BUDGET_MS > 0 && Date.now() - started > BUDGET_MS) break;
        done++;
        const readOnly = m.readOnly ?? READ_ONLY_METHODS.includes(methodName);
        const passesAccess = m.access === 'public' || (who.name !== 'anonymous' && (m.access === 'user' || who.name === 'administrator'));
        const requests = malformedRequests(methodName, fieldsOf(m.body), passesAccess);
        // A batch in which everything was refused must leave the database as it was. Where something was
        // accepted (an administrator's hostile-but-valid text), the refused ones are replayed one by one.
        const before = await writes();
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
          if ((await writes()) !== before) problems.push(`${spec.path}#${methodName} [${who.name}]: refused requests changed the database`);
          continue;
        }
        for (const req of refused) {
          const b = await writes();
          const code = await send(spec.path, methodName, who.name, await who.get(), req);
          if (code !== Code.OK && (await writes()) !== b) problems.push(`${spec.path}#${methodName} [${who.name}] ${req.label}: refused (${code}) but the database changed`);
        }
      }
      console.info(`fuzz (${engine}): ${sent} malformed requests, ${done} of ${rounds.length} rounds in ${Math.round((Date.now() - started) / 1000)} s (FUZZ_SEED=${SEED})`);
      expect(problems.slice(0, 30), `FUZZ_SEED=${SEED}`).toEqual([]);
      // Even a loaded machine gets through some rounds in the time; a fuzz that reached none would prove nothing.
      expect(done).toBeGreaterThanOrEqual(Math.min(rounds.length, 10));
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    }, 600_000);
  });
}
