import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { parseCsv } from '../../resources/spreadsheet/csv';
import { projectLogs } from './projectLog';

const LOG = '/admin/business/project/log';
const PROJECT = '/admin/business/project_team';

interface Entry { id: number; project_id: number; happened_at: string; kind: string; title: string; content: string; created_by: number | null }

/** SPEC §2 "project log and team": dated entries per project, written by the caller. */
describe.each(engines)('project log (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let colleague: MadeUser;
  let other: MadeUser;
  let projA = 0;
  let projA2 = 0;
  let projB = 0;
  let first = 0;

  const call = <T = unknown>(body: Record<string, unknown>, who = staff, path = LOG) => t.post<T>(path, body, { token: who.token });
  const add = (body: Record<string, unknown>, who = staff) => call<Entry>({ method: 'add', ...body }, who);
  const entry = (extra: Record<string, unknown> = {}) => ({ project_id: projA, happened_at: '2026-03-02T09:00:00Z', kind: 'visit', title: 'Lobby survey', ...extra });
  const stored = async () => t.database.db.select().from(projectLogs);

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const orgA = await makeOrg(t, 'Log A');
    const orgB = await makeOrg(t, 'Log B');
    staff = await makeUser(t, orgA, 'all');
    colleague = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    const project = async (name: string, who: MadeUser) => {
      const r = await call<{ id: number }>({ method: 'add', name }, who, PROJECT);
      expect(r.code, r.msg).toBe(200);
      return r.data!.id;
    };
    projA = await project('Harbour Hotel', staff);
    projA2 = await project('Hill Campus', staff);
    projB = await project('B project', other);
  });
  afterAll(async () => t.close());

  it('adds an entry written by the caller, whatever the body says', async () => {
    const r = await add(entry({ content: 'Two APs short of signal' }));
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ project_id: projA, happened_at: '2026-03-02T09:00:00.000Z', kind: 'visit', title: 'Lobby survey', created_by: staff.id });
    first = r.data!.id;
    expect(await add(entry({ created_by: other.id }))).toMatchObject({ code: Code.VALIDATION, field: 'created_by' });
    // The kind defaults to progress.
    const second = await add({ project_id: projA, happened_at: '2026-03-05 14:30', title: 'Cabling done' }, colleague);
    expect(second.data).toMatchObject({ kind: 'progress', content: '', created_by: colleague.id });
  });

  it('refuses bad input naming the field, saving nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ project_id: undefined }, 'project_id'], [{ project_id: 'x' }, 'project_id'],
      [{ happened_at: undefined }, 'happened_at'], [{ happened_at: 'yesterday' }, 'happened_at'], [{ happened_at: '2026-13-45' }, 'happened_at'],
      [{ kind: 'party' }, 'kind'], [{ title: '' }, 'title'], [{ title: undefined }, 'title'], [{ title: 'x'.repeat(101) }, 'title'],
      [{ content: 'x'.repeat(5001) }, 'content'], [{ bogus: 1 }, 'bogus'],
    ];
    for (const [extra, field] of cases) expect(await add(entry(extra)), JSON.stringify(extra)).toMatchObject({ code: Code.VALIDATION, field });
    expect(await add(entry({ project_id: projB }))).toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    expect((await stored()).length).toBe(before);
  });

  it('lists newest first, by project and kind, and exports', async () => {
    expect((await add(entry({ project_id: projA2, happened_at: '2026-04-01T08:00:00Z', kind: 'issue', title: 'Switch fault' }))).code).toBe(200);
    expect((await add(entry({ happened_at: '2026-02-01T08:00:00Z', kind: 'delivery', title: 'Handed over' }))).code).toBe(200);
    const all = await call<{ list: Entry[]; total: number }>({ method: 'list', size: 50 });
    expect(all.data?.list.map((e) => e.title)).toEqual(['Switch fault', 'Cabling done', 'Lobby survey', 'Handed over']);
    const a = await call<{ list: Entry[]; total: number }>({ method: 'list', size: 50, project_id: projA });
    expect(a.data?.total).toBe(3);
    expect((await call<{ list: Entry[] }>({ method: 'list', size: 50, kind: 'issue' })).data?.list.map((e) => e.title)).toEqual(['Switch fault']);
    expect((await call<{ total: number }>({ method: 'list', size: 50, project_id: projA, kind: 'issue' })).data?.total).toBe(0);
    expect((await call<{ total: number }>({ method: 'list', size: 50, keyword: 'lob' })).data?.total).toBe(1);
    expect(await call({ method: 'list', size: 50, kind: 'party' })).toMatchObject({ code: Code.VALIDATION, field: 'kind' });
    const exp = await t.post<{ content: string }>(LOG, { method: 'export', format: 'csv', project_id: projA }, { token: staff.token, headers: { 'accept-language': 'en' } });
    expect(exp.code, exp.msg).toBe(200);
    const [header, ...rows] = parseCsv(Buffer.from(exp.data!.content, 'base64'));
    expect(rows.map((r) => r[header!.indexOf('Kind')])).toEqual(['Progress', 'Site visit', 'Delivery']);
    expect(rows[0]?.[header!.indexOf('Project')]).toBe('Harbour Hotel');
  });

  it('updates an entry but not its project or writer', async () => {
    const r = await call<Entry>({ method: 'update', id: first, kind: 'issue', title: 'Lobby survey: signal gaps' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ kind: 'issue', title: 'Lobby survey: signal gaps', created_by: staff.id });
    expect(await call({ method: 'update', id: first, project_id: projA2 })).toMatchObject({ code: Code.VALIDATION, field: 'project_id' });
    expect(await call({ method: 'update', id: first, created_by: colleague.id })).toMatchObject({ code: Code.VALIDATION, field: 'created_by' });
    expect(await call({ method: 'update', id: first, title: '' })).toMatchObject({ code: Code.VALIDATION, field: 'title' });
    expect(await call({ method: 'update', id: first, kind: 'party' })).toMatchObject({ code: Code.VALIDATION, field: 'kind' });
  });

  it('keeps each organisation\'s log to itself', async () => {
    expect((await call<{ total: number }>({ method: 'list', size: 50 }, other)).data?.total).toBe(0);
    expect((await call<{ total: number }>({ method: 'list', size: 50, project_id: projA }, other)).data?.total).toBe(0);
    expect(await call({ method: 'detail', id: first }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'update', id: first, title: 'Mine' }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'remove', id: first }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await add(entry(), other)).toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    const [row] = await t.database.db.select().from(projectLogs).where(eq(projectLogs.id, first));
    expect(row?.title).toBe('Lobby survey: signal gaps');
  });

  it('removes an entry', async () => {
    expect(await call({ method: 'remove', id: first })).toMatchObject({ code: 200 });
    expect(await call({ method: 'detail', id: first })).toMatchObject({ code: Code.NOT_FOUND });
  });
});
