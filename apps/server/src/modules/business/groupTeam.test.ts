import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { parseCsv } from '../../resources/spreadsheet/csv';

const PATH = '/admin/business/group_team';
interface Team { id: number; name: string; leader_id: number; member_ids: number[]; duty: string; status: number }

/** Teams: a leader and members of the organisation, the leader always among the members. */
describe.each(engines)('teams (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let anna: MadeUser;
  let bo: MadeUser;
  let foreigner: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const orgA = await makeOrg(t, 'Teams A');
    const orgB = await makeOrg(t, 'Teams B');
    staff = await makeUser(t, orgA, 'all');
    anna = await makeUser(t, orgA, [], undefined, false);
    bo = await makeUser(t, orgA, [], undefined, false);
    other = await makeUser(t, orgB, 'all');
    foreigner = await makeUser(t, orgB, [], undefined, false);
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(body: Record<string, unknown>, who = staff) => t.post<T>(PATH, body, { token: who.token });
  const total = async (who = staff) => (await call<{ total: number }>({ method: 'list', size: 50 }, who)).data?.total;

  it('adds the leader to the members when left out', async () => {
    const r = await call<Team>({ method: 'add', name: 'Install crew', leader_id: anna.id, member_ids: [bo.id], duty: 'North district' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ name: 'Install crew', leader_id: anna.id, duty: 'North district', status: 1 });
    expect([...r.data!.member_ids].sort()).toEqual([anna.id, bo.id].sort());
    const alone = await call<Team>({ method: 'add', name: 'Night shift', leader_id: bo.id });
    expect(alone.data?.member_ids).toEqual([bo.id]);
    const both = await call<Team>({ method: 'add', name: 'Help desk', leader_id: anna.id, member_ids: [anna.id, bo.id] });
    expect(both.data?.member_ids).toEqual([anna.id, bo.id]);
  });

  it('keeps the leader a member on every update', async () => {
    const { data: team } = await call<Team>({ method: 'add', name: 'Repairs', leader_id: anna.id, member_ids: [anna.id, bo.id] });
    // Members changed without the leader: the leader stays.
    expect((await call<Team>({ method: 'update', id: team!.id, member_ids: [bo.id] })).data?.member_ids.sort()).toEqual([anna.id, bo.id].sort());
    // A new leader who was not a member joins.
    const { data: t1 } = await call<Team>({ method: 'add', name: 'Solo', leader_id: anna.id });
    const moved = await call<Team>({ method: 'update', id: t1!.id, leader_id: bo.id });
    expect(moved.code, moved.msg).toBe(200);
    expect(moved.data?.member_ids.sort()).toEqual([anna.id, bo.id].sort());
    // Emptied members keep just the leader.
    expect((await call<Team>({ method: 'update', id: t1!.id, member_ids: [] })).data?.member_ids).toEqual([bo.id]);
    expect((await call<Team>({ method: 'update', id: t1!.id, duty: 'Weekends' })).data).toMatchObject({ duty: 'Weekends', member_ids: [bo.id] });
  });

  it('refuses bad input naming the field, saving nothing', async () => {
    const before = await total();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '', leader_id: anna.id }, Code.VALIDATION, 'name'],
      [{ name: 'x'.repeat(65), leader_id: anna.id }, Code.VALIDATION, 'name'],
      [{ name: 'No leader' }, Code.VALIDATION, 'leader_id'],
      [{ name: 'Bad leader', leader_id: 'anna' }, Code.VALIDATION, 'leader_id'],
      [{ name: 'Bad status', leader_id: anna.id, status: 0 }, Code.VALIDATION, 'status'],
      [{ name: 'Install crew', leader_id: anna.id }, Code.CONFLICT, 'name'],
      // Users of another organisation are no references of this one.
      [{ name: 'Foreign leader', leader_id: foreigner.id }, Code.NOT_FOUND, 'leader_id'],
      [{ name: 'Foreign member', leader_id: anna.id, member_ids: [bo.id, foreigner.id] }, Code.NOT_FOUND, 'member_ids'],
      [{ name: 'Ghost', leader_id: anna.id, member_ids: [99_999_999] }, Code.NOT_FOUND, 'member_ids'],
    ];
    for (const [body, code, field] of cases) {
      expect(await call({ method: 'add', ...body }), JSON.stringify(body)).toMatchObject({ code, field });
    }
    // A bad id in the list names the list (and the place in it).
    expect(await call({ method: 'add', name: 'Bad members', leader_id: anna.id, member_ids: ['x'] })).toMatchObject({ code: Code.VALIDATION, field: expect.stringMatching(/^member_ids/) });
    expect(await total()).toBe(before);
    const { data: team } = await call<{ list: Team[] }>({ method: 'list', size: 50, name: 'install' });
    const id = team!.list[0]!.id;
    expect(await call({ method: 'update', id, leader_id: foreigner.id })).toMatchObject({ code: Code.NOT_FOUND, field: 'leader_id' });
    expect(await call({ method: 'update', id, member_ids: [foreigner.id] })).toMatchObject({ code: Code.NOT_FOUND, field: 'member_ids' });
    expect(await call({ method: 'update', id, name: 'Help desk' })).toMatchObject({ code: Code.CONFLICT, field: 'name' });
    expect((await call<Team>({ method: 'detail', id })).data).toMatchObject({ name: 'Install crew', leader_id: anna.id });
  });

  it('disables, filters, exports and removes', async () => {
    const { data: page } = await call<{ list: Team[] }>({ method: 'list', size: 50, name: 'night' });
    const id = page!.list[0]!.id;
    expect(await call({ method: 'disable', id })).toMatchObject({ code: 200, data: { status: 0 } });
    expect((await call<{ total: number }>({ method: 'list', size: 50, status: 0 })).data?.total).toBe(1);
    expect((await call<{ total: number }>({ method: 'list', size: 50, leader_id: bo.id })).data?.total).toBeGreaterThanOrEqual(1);
    const exp = await call<{ content: string; rows: number }>({ method: 'export', format: 'csv' }, staff);
    expect(exp.code, exp.msg).toBe(200);
    expect(exp.data?.rows).toBe(await total());
    const [header] = parseCsv(Buffer.from(exp.data!.content, 'base64'));
    expect(header).toEqual(expect.arrayContaining([expect.stringMatching(/班组名称|Name/)]));
    expect((await call({ method: 'remove', id })).code).toBe(200);
    expect(await call({ method: 'detail', id })).toMatchObject({ code: Code.NOT_FOUND });
  });

  it('keeps each organisation to its own teams', async () => {
    const { data: page } = await call<{ list: Team[] }>({ method: 'list', size: 50 });
    const id = page!.list[0]!.id;
    expect(await total(other)).toBe(0);
    expect((await call<{ rows: number }>({ method: 'export', format: 'csv' }, other)).data?.rows).toBe(0);
    expect(await call({ method: 'detail', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'update', id, duty: 'Taken over' }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'disable', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'remove', id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    // Their own team may use the same name, with their own people only.
    expect((await call({ method: 'add', name: 'Install crew', leader_id: foreigner.id }, other)).code).toBe(200);
    expect(await call({ method: 'add', name: 'Raid', leader_id: anna.id }, other)).toMatchObject({ code: Code.NOT_FOUND, field: 'leader_id' });
    expect((await call<Team>({ method: 'detail', id })).data?.duty).not.toBe('Taken over');
  });
});
