import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  Code, WORK_ORDER_DEVICES_MAX, WORK_ORDER_FLOW, WORK_ORDER_STATES, canMoveWorkOrder, type Page, type WorkOrderEvent, type WorkOrderState,
} from '@gx/contract';
import { devices, operationLog } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { postForm } from '../../testing/members';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { workOrders } from './workOrder';

const WO = '/admin/business/work_order';
const PROJECT = '/admin/business/project_team';
const MEMBER = '/admin/business/project_team/member';
const BOOK = '/admin/business/project/phone_book';

/** What each step needs in its body besides the id. */
const stepBody = (action: string, assignee: number): Record<string, unknown> => {
  if (action === 'assign') return { assignee_id: assignee };
  if (action === 'resolve') return { resolution: 'Replaced the power adapter' };
  if (action === 'reject') return { reject_reason: 'Not our equipment' };
  return {};
};

// 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe.each(engines)('business (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let staff: MadeUser;
  let engineer: MadeUser;
  let outsider: MadeUser;
  let viewer: MadeUser;
  let deviceA: number;
  let deviceA2: number;
  let deviceB: number;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgA = await makeOrg(t, 'Business A');
    orgB = await makeOrg(t, 'Business B');
    staff = await makeUser(t, orgA, 'all');
    engineer = await makeUser(t, orgA, []);
    outsider = await makeUser(t, orgB, 'all');
    viewer = await makeUser(t, orgA, ['business.work_order.list']);
    const [a] = await t.database.db.insert(devices).values({ orgId: orgA, serial: 'WO-DEV-A', family: 'ig', secretHash: 'x' }).returning({ id: devices.id });
    const [b] = await t.database.db.insert(devices).values({ orgId: orgB, serial: 'WO-DEV-B', family: 'ig', secretHash: 'x' }).returning({ id: devices.id });
    const [a2] = await t.database.db.insert(devices).values({ orgId: orgA, serial: 'WO-DEV-A2', family: 'ap', secretHash: 'x' }).returning({ id: devices.id });
    deviceA = a!.id;
    deviceA2 = a2!.id;
    deviceB = b!.id;
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  /** A CSV import, as the console uploads it. */
  const importCsv = async <T,>(path: string, csv: string) => {
    const form = new FormData();
    form.append('method', 'import');
    form.append('file', new Blob([Buffer.from(csv, 'utf8')]), 'contacts.csv');
    const res = await fetch(`${t.url}/v3${path}`, { method: 'POST', headers: { authorization: `Bearer ${staff.token}`, 'accept-language': 'en' }, body: form });
    return (await res.json()) as { code: number; msg: string; data?: T };
  };
  const newOrder = async (extra: Record<string, unknown> = {}) => {
    const r = await call<{ id: number; status: string; order_no: string }>(WO, { method: 'add', title: 'AP offline on floor 3', priority: 'high', ...extra });
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  /** An order brought to `state` along the flow's happy path (reject for rejected, close after resolve…). */
  const orderIn = async (state: WorkOrderState): Promise<number> => {
    const { id } = await newOrder();
    const path: Record<WorkOrderState, string[]> = {
      open: [], assigned: ['assign'], in_progress: ['assign', 'start'], waiting: ['assign', 'start', 'wait'],
      resolved: ['assign', 'start', 'resolve'], closed: ['assign', 'start', 'resolve', 'close'], rejected: ['reject'],
    };
    for (const action of path[state]) {
      const r = await call(WO, { method: action, id, ...stepBody(action, engineer.id) });
      expect(r.code, `${action}: ${r.msg}`).toBe(200);
    }
    return id;
  };
  const statusOf = async (id: number) => (await call<{ status: string }>(WO, { method: 'detail', id })).data?.status;

  describe('work order flow', () => {
    it('starts open, numbered, with its creation on the timeline', async () => {
      const o = await newOrder({ device_ids: [deviceA, deviceA2], contact_phone: '13800138000' });
      expect(o).toMatchObject({ status: 'open', device_ids: [deviceA, deviceA2], created_by: staff.id });
      expect(o.order_no).toMatch(/^WO\d{20}$/);
      const tl = await call<WorkOrderEvent[]>(WO, { method: 'timeline', id: o.id });
      expect(tl.data?.map((e) => [e.kind, e.to_state])).toEqual([['created', 'open']]);
    });

    // Every action from every state: allowed exactly where WORK_ORDER_FLOW says, refused (1007 on status) elsewhere.
    for (const from of WORK_ORDER_STATES) {
      for (const step of WORK_ORDER_FLOW) {
        const allowed = canMoveWorkOrder(step.action, from);
        it(`${step.action} from ${from} is ${allowed ? `allowed, to ${step.to}` : 'refused'}`, async () => {
          const id = await orderIn(from);
          const r = await call(WO, { method: step.action, id, ...stepBody(step.action, engineer.id) });
          if (allowed) {
            expect(r.code, r.msg).toBe(200);
            expect(await statusOf(id)).toBe(step.to);
          } else {
            expect(r).toMatchObject({ code: Code.CONFLICT, field: 'status' });
            expect(await statusOf(id)).toBe(from);
          }
        });
      }
    }

    it('walks open → closed recording who moved it, every move on the timeline and in the operation log', async () => {
      const id = await orderIn('closed');
      const row = (await call<Record<string, unknown>>(WO, { method: 'detail', id })).data!;
      expect(row).toMatchObject({ status: 'closed', assignee_id: engineer.id, resolution: 'Replaced the power adapter' });
      expect(row.resolved_at).toBeTruthy();
      expect(row.closed_at).toBeTruthy();
      const tl = (await call<WorkOrderEvent[]>(WO, { method: 'timeline', id })).data!;
      expect(tl.map((e) => `${e.action || e.kind}:${e.from_state}>${e.to_state}`)).toEqual([
        'created:>open', 'assign:open>assigned', 'start:assigned>in_progress', 'resolve:in_progress>resolved', 'close:resolved>closed',
      ]);
      expect(tl.every((e) => e.user_id === staff.id)).toBe(true);
      const logged = await t.database.db.select({ action: operationLog.action }).from(operationLog).where(eq(operationLog.target, String(id)));
      expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['add', 'assign', 'start', 'resolve', 'close'].map((m) => `${WO}#${m}`)));
    });

    it('tells the assignee of an assignment and the submitter of the resolution, never the person who acted', async () => {
      const inbox = async (token: string) => (await t.post<{ inform: { title: string; content: string }[] }>('/admin/notification/inbox', { method: 'inform' }, { token })).data!.inform;
      const seenBefore = (await inbox(engineer.token)).length;
      const submitter = await makeUser(t, orgA, ['business.work_order.add', 'business.work_order.list']);
      const made = await call<{ id: number; order_no: string }>(WO, { method: 'add', title: 'Screen <b>flickers</b>' }, submitter.token);
      const id = made.data!.id;
      await call(WO, { method: 'assign', id, assignee_id: engineer.id });
      const forEngineer = await inbox(engineer.token);
      expect(forEngineer).toHaveLength(seenBefore + 1);
      expect(forEngineer[0]).toMatchObject({ title: '工单已分派给您 / A work order was assigned to you' });
      expect(forEngineer[0]?.content).toContain(made.data!.order_no);
      expect(forEngineer[0]?.content).toContain('Screen &#60;b&#62;flickers&#60;/b&#62;');
      await call(WO, { method: 'start', id });
      await call(WO, { method: 'resolve', id, resolution: 'Cable reseated' });
      const forSubmitter = await inbox(submitter.token);
      expect(forSubmitter.map((n) => n.title)).toEqual(['您提交的工单已解决 / Your work order was resolved']);
      expect(forSubmitter[0]?.content).toContain('Cable reseated');
      // The staff member took every step: nothing for them.
      expect((await inbox(staff.token)).some((n) => n.content.includes(made.data!.order_no))).toBe(false);
    });

    it('reopens a closed order back to its assignee, clearing the resolution times', async () => {
      const id = await orderIn('closed');
      expect((await call(WO, { method: 'reopen', id })).code).toBe(200);
      const row = (await call<Record<string, unknown>>(WO, { method: 'detail', id })).data!;
      expect(row).toMatchObject({ status: 'assigned', assignee_id: engineer.id, resolved_at: null, closed_at: null });
    });

    it('marks each listed row with the steps it refuses, as the table says', async () => {
      const id = await orderIn('in_progress');
      const list = await call<Page<Record<string, unknown> & { _denied?: Record<string, string> }>>(WO, { method: 'list', status: 'in_progress' });
      const row = list.data!.list.find((r) => r.id === id)!;
      const denied = Object.keys(row._denied ?? {}).filter((k) => WORK_ORDER_FLOW.some((s) => s.action === k)).sort();
      expect(denied).toEqual(WORK_ORDER_FLOW.filter((s) => !canMoveWorkOrder(s.action, 'in_progress')).map((s) => s.action).sort());
    });

    it('refuses edits to finished orders and deletes of orders worked on', async () => {
      const closed = await orderIn('closed');
      expect(await call(WO, { method: 'update', id: closed, title: 'x' })).toMatchObject({ code: Code.CONFLICT, field: 'status' });
      const started = await orderIn('in_progress');
      expect(await call(WO, { method: 'remove', id: started })).toMatchObject({ code: Code.CONFLICT, field: 'status' });
      const open = await orderIn('open');
      expect((await call(WO, { method: 'remove', id: open })).code).toBe(200);
    });

    it('highlights an unresolved order past its due time as overdue, and not once resolved', async () => {
      const late = await newOrder({ due_at: '2020-01-01T00:00:00Z' });
      const onTime = await newOrder({ due_at: '2099-01-01T00:00:00Z' });
      expect((await call<{ overdue: boolean }>(WO, { method: 'detail', id: late.id })).data?.overdue).toBe(true);
      expect((await call<{ overdue: boolean }>(WO, { method: 'detail', id: onTime.id })).data?.overdue).toBe(false);
      for (const action of ['assign', 'start', 'resolve']) await call(WO, { method: action, id: late.id, ...stepBody(action, engineer.id) });
      expect((await call<{ overdue: boolean }>(WO, { method: 'detail', id: late.id })).data?.overdue).toBe(false);
    });

    it('takes comments and photos onto the timeline, checking the photo by its bytes', async () => {
      const { id } = await newOrder();
      expect((await call(WO, { method: 'comment', id, body: 'Customer says it blinks red' })).code).toBe(200);
      const photo = await postForm<{ url: string }>(t, WO, { method: 'attach', id: String(id), file: new Blob([PNG]) }, staff.token);
      expect(photo.code, photo.msg).toBe(200);
      expect(photo.data?.url).toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
      const fake = await postForm(t, WO, { method: 'attach', id: String(id), file: new Blob(['<script>alert(1)</script>']) }, staff.token);
      expect(fake).toMatchObject({ code: Code.VALIDATION, field: 'file' });
      const tl = (await call<WorkOrderEvent[]>(WO, { method: 'timeline', id })).data!;
      expect(tl.map((e) => e.kind)).toEqual(['created', 'comment', 'photo']);
      expect(tl[1]?.body).toBe('Customer says it blinks red');
      expect(tl[2]?.url).toBe(photo.data?.url);
      expect(await call(WO, { method: 'comment', id, body: '   ' })).toMatchObject({ code: Code.VALIDATION, field: 'body' });
    });
  });

  describe('work order tenancy and bad input', () => {
    it('refuses an assignee of another organisation, naming assignee_id, and leaves the order as it was', async () => {
      const { id } = await newOrder();
      const r = await call(WO, { method: 'assign', id, assignee_id: outsider.id });
      expect(r).toMatchObject({ code: Code.NOT_FOUND, field: 'assignee_id' });
      expect(await statusOf(id)).toBe('open');
      expect((await call<WorkOrderEvent[]>(WO, { method: 'timeline', id })).data).toHaveLength(1);
    });

    it('links several devices, changed and cleared by an edit, and exported by their labels', async () => {
      const { id } = await newOrder({ device_ids: [deviceA] });
      expect((await call(WO, { method: 'update', id, device_ids: [deviceA2, deviceA, deviceA2] })).code).toBe(200);
      expect((await call<{ device_ids: number[] }>(WO, { method: 'detail', id })).data?.device_ids).toEqual([deviceA2, deviceA]);
      const csv = await call<{ content: string }>(WO, { method: 'export', format: 'csv', order_no: (await call<{ order_no: string }>(WO, { method: 'detail', id })).data!.order_no });
      expect(Buffer.from(csv.data!.content, 'base64').toString('utf8')).toMatch(/WO-DEV-A2.*WO-DEV-A\b/);
      expect((await call(WO, { method: 'update', id, device_ids: [] })).code).toBe(200);
      expect((await call<{ device_ids: number[] }>(WO, { method: 'detail', id })).data?.device_ids).toEqual([]);
    });

    it('refuses a device of another organisation among the linked ones, naming device_ids, on add and on edit', async () => {
      expect(await call(WO, { method: 'add', title: 'Foreign device', device_ids: [deviceA, deviceB] })).toMatchObject({ code: Code.NOT_FOUND, field: 'device_ids' });
      const { id } = await newOrder({ device_ids: [deviceA] });
      expect(await call(WO, { method: 'update', id, device_ids: [deviceA2, deviceB] })).toMatchObject({ code: Code.NOT_FOUND, field: 'device_ids' });
      expect((await call<{ device_ids: number[] }>(WO, { method: 'detail', id })).data?.device_ids).toEqual([deviceA]);
      expect(await t.database.db.select().from(workOrders).where(sql`${deviceB} = any(${workOrders.deviceIds})`)).toEqual([]);
    });

    it('refuses more linked devices than an order may hold, and a device id that is no id', async () => {
      const many = Array.from({ length: WORK_ORDER_DEVICES_MAX + 1 }, (_, i) => deviceA + i);
      expect(await call(WO, { method: 'add', title: 'Too many', device_ids: many })).toMatchObject({ code: Code.VALIDATION, field: 'device_ids' });
      // A bad element is named by its place in the list.
      expect(await call(WO, { method: 'add', title: 'Not ids', device_ids: ['abc'] })).toMatchObject({ code: Code.VALIDATION, field: 'device_ids.0' });
      // The old single field is gone: a client still sending it is told so.
      expect(await call(WO, { method: 'add', title: 'Old client', device_id: deviceA })).toMatchObject({ code: Code.VALIDATION, field: 'device_id' });
    });

    it('offers as assignees only users of the organisation, through the user picker', async () => {
      const picked = await call<{ list: { value: number }[] }>('/admin/system/user', { method: 'select' });
      expect(picked.code, picked.msg).toBe(200);
      const ids = picked.data!.list.map((o) => o.value);
      expect(ids).toEqual(expect.arrayContaining([staff.id, engineer.id]));
      expect(ids).not.toContain(outsider.id);
      expect((await call<{ list: unknown[] }>('/admin/system/user', { method: 'select', ids: [outsider.id] })).data?.list).toEqual([]);
    });

    it('hides one organisation\'s orders from another: list, detail, steps, timeline, comments', async () => {
      const { id } = await newOrder();
      const list = await call<Page<{ id: number }>>(WO, { method: 'list' }, outsider.token);
      expect(list.data?.list.some((r) => r.id === id)).toBe(false);
      for (const body of [
        { method: 'detail', id }, { method: 'assign', id, assignee_id: outsider.id }, { method: 'start', id },
        { method: 'timeline', id }, { method: 'comment', id, body: 'hello' },
      ]) {
        expect(await call(WO, body, outsider.token), body.method).toMatchObject({ code: Code.NOT_FOUND });
      }
      const photo = await postForm(t, WO, { method: 'attach', id: String(id), file: new Blob([PNG]) }, outsider.token);
      expect(photo).toMatchObject({ code: Code.NOT_FOUND });
    });

    it('checks each step against its own permission key', async () => {
      const { id } = await newOrder();
      expect((await call(WO, { method: 'list' }, viewer.token)).code).toBe(200);
      expect((await call(WO, { method: 'assign', id, assignee_id: engineer.id }, viewer.token)).code).toBe(Code.FORBIDDEN);
      expect((await call(WO, { method: 'comment', id, body: 'x' }, viewer.token)).code).toBe(Code.FORBIDDEN);
      expect((await call(WO, { method: 'reject', id, reject_reason: 'x' }, engineer.token)).code).toBe(Code.FORBIDDEN);
    });

    it('refuses bad input, naming the field', async () => {
      const { id } = await newOrder();
      expect(await call(WO, { method: 'add', title: '' })).toMatchObject({ code: Code.VALIDATION, field: 'title' });
      expect(await call(WO, { method: 'add', title: 'x', priority: 'whenever' })).toMatchObject({ code: Code.VALIDATION, field: 'priority' });
      expect(await call(WO, { method: 'add', title: 'x', contact_phone: '12345' })).toMatchObject({ code: Code.VALIDATION, field: 'contact_phone' });
      expect(await call(WO, { method: 'add', title: 'x', due_at: 'tomorrow' })).toMatchObject({ code: Code.VALIDATION, field: 'due_at' });
      expect(await call(WO, { method: 'add', title: 'x', status: 'closed' })).toMatchObject({ code: Code.VALIDATION, field: 'status' });
      expect(await call(WO, { method: 'assign', id })).toMatchObject({ code: Code.VALIDATION, field: 'assignee_id' });
      expect(await call(WO, { method: 'assign', id, assignee_id: 'abc' })).toMatchObject({ code: Code.VALIDATION, field: 'assignee_id' });
      await call(WO, { method: 'assign', id, assignee_id: engineer.id });
      await call(WO, { method: 'start', id });
      expect(await call(WO, { method: 'resolve', id })).toMatchObject({ code: Code.VALIDATION, field: 'resolution' });
      expect(await call(WO, { method: 'resolve', id, resolution: 'x'.repeat(2001) })).toMatchObject({ code: Code.VALIDATION, field: 'resolution' });
      expect(await statusOf(id)).toBe('in_progress');
    });
  });

  describe('project teams and phone book', () => {
    let project: number;
    it('adds a project with members of the organisation in roles, counting them', async () => {
      const p = await call<{ id: number }>(PROJECT, { method: 'add', name: 'Harbour Hotel', manager_id: staff.id });
      expect(p.code, p.msg).toBe(200);
      project = p.data!.id;
      expect((await call(MEMBER, { method: 'add', project_id: project, user_id: engineer.id, role: 'engineer' })).code).toBe(200);
      expect((await call(MEMBER, { method: 'add', project_id: project, user_id: staff.id, role: 'manager' })).code).toBe(200);
      expect((await call<{ member_count: number }>(PROJECT, { method: 'detail', id: project })).data?.member_count).toBe(2);
      const members = await call<Page<{ user_id: number; role: string }>>(MEMBER, { method: 'list', project_id: project });
      expect(members.data?.list.map((m) => [m.user_id, m.role])).toEqual([[engineer.id, 'engineer'], [staff.id, 'manager']]);
    });

    it('refuses a member twice, a member or manager of another organisation, and an unknown role', async () => {
      expect(await call(MEMBER, { method: 'add', project_id: project, user_id: engineer.id, role: 'sales' })).toMatchObject({ code: Code.CONFLICT, field: 'user_id' });
      expect(await call(MEMBER, { method: 'add', project_id: project, user_id: outsider.id, role: 'sales' })).toMatchObject({ code: Code.NOT_FOUND, field: 'user_id' });
      expect(await call(PROJECT, { method: 'add', name: 'X', manager_id: outsider.id })).toMatchObject({ code: Code.NOT_FOUND, field: 'manager_id' });
      expect(await call(MEMBER, { method: 'add', project_id: project, user_id: viewer.id, role: 'boss' })).toMatchObject({ code: Code.VALIDATION, field: 'role' });
      expect(await call(MEMBER, { method: 'add', project_id: project, user_id: outsider.id, role: 'sales' }, outsider.token)).toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    });

    it('keeps a phone book per project: valid mobile numbers, once per project', async () => {
      expect((await call(BOOK, { method: 'add', project_id: project, name: 'Li Lei', phone: '13912345678' })).code).toBe(200);
      expect(await call(BOOK, { method: 'add', project_id: project, name: 'Han Meimei', phone: '13912345678' })).toMatchObject({ code: Code.CONFLICT, field: 'phone' });
      expect(await call(BOOK, { method: 'add', project_id: project, name: 'Bad', phone: '12012345678' })).toMatchObject({ code: Code.VALIDATION, field: 'phone' });
      expect(await call(BOOK, { method: 'add', project_id: project, name: 'Bad', phone: '13912345679', email: 'nope' })).toMatchObject({ code: Code.VALIDATION, field: 'email' });
      expect(await call(BOOK, { method: 'add', name: 'No project', phone: '13912345670' })).toMatchObject({ code: Code.VALIDATION, field: 'project_id' });
      expect(await call(BOOK, { method: 'list' }, outsider.token)).toMatchObject({ code: 200, data: { total: 0 } });
    });

    it('imports a CSV all or nothing, reporting each bad row, and exports what it holds', async () => {
      const bad = `project_id,name,phone\nHarbour Hotel,Wang Wu,13700000001\nHarbour Hotel,Zhao Liu,123\nNo Such Project,Qian Qi,13700000002\n`;
      const refused = await importCsv<{ errors: { row: number; column: string }[] }>(BOOK, bad);
      expect(refused.code, JSON.stringify(refused)).toBe(Code.VALIDATION);
      expect(refused.data?.errors.map((e) => [e.row, e.column])).toEqual([[3, 'phone'], [4, 'project_id']]);
      expect((await call<Page<unknown>>(BOOK, { method: 'list', project_id: project })).data?.total).toBe(1);
      const good = `项目,姓名,手机号码,单位\nHarbour Hotel,Wang Wu,13700000001,Harbour Hotel\nHarbour Hotel,Zhao Liu,13700000003,\n`;
      const ok = await importCsv<{ imported: number }>(BOOK, good);
      expect(ok.code, JSON.stringify(ok.data)).toBe(200);
      expect(ok.data?.imported).toBe(2);
      const csv = await call<{ content: string; rows: number }>(BOOK, { method: 'export', format: 'csv', project_id: project });
      expect(csv.data?.rows).toBe(3);
      expect(Buffer.from(csv.data!.content, 'base64').toString('utf8')).toContain('Harbour Hotel,Wang Wu,13700000001');
    });

    it('asks before deleting a project with members, and they go with it once confirmed', async () => {
      const p = (await call<{ id: number }>(PROJECT, { method: 'add', name: 'Short project' })).data!.id;
      await call(MEMBER, { method: 'add', project_id: p, user_id: engineer.id, role: 'support' });
      expect(await call(PROJECT, { method: 'remove', id: p })).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'ask', count: 1 } });
      expect((await call(PROJECT, { method: 'remove', id: p, confirm: true })).code).toBe(200);
      expect((await call<Page<unknown>>(MEMBER, { method: 'list', project_id: p })).data?.total).toBe(0);
    });

    it('refuses to delete a project whose phone book is not empty', async () => {
      expect(await call(PROJECT, { method: 'remove', id: project })).toMatchObject({ code: Code.IN_USE });
    });
  });
});
