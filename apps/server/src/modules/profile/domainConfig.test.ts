import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Code, type DomainConfigDetail, type PersonalDataDetailAnswer, type PublicDomainConfig } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, createMember, createOrganization, PNG_1PX, postForm } from '../../testing/members';
import { domainConfigs, smsTemplates } from '../../db/schema';

const PATH = '/admin/system/personal_data';
// Tests reach the server at 127.0.0.1, so that host plays the custom domain.
const HOST = '127.0.0.1';
const KEYS = ['system.domain_config.detail', 'system.domain_config.form'];

describe.each(engines)('page configuration of a custom domain (%s)', (engine) => {
  let t: TestApp;
  let dataDir: string;
  let orgId: number;
  let owner: { id: number; token: string };
  let templateId: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gx-domain-'));
    t = await startTestApp({ engine, env: { DATA_DIR: dataDir } });
    orgId = await createOrganization(t, 'OEM Customer');
    owner = await createMember(t, { username: 'oem-admin', orgs: [orgId], nickname: 'OEM', keys: KEYS });
    const [tpl] = await t.database.db.insert(smsTemplates).values({ orgId, name: 'Code', content: 'Code ${code}', templateCode: 'SMS_1' }).returning();
    templateId = tpl?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const makeCustom = () => t.database.db.insert(domainConfigs).values({ domain: HOST, orgId, domainOem: 1, homeTitle: 'Old', icon: '', homeLogo: '' });
  const fullForm = (extra: Record<string, string | Blob> = {}) => ({
    method: 'domain_config_form', domain: HOST, home_title: 'OEM Console', company: 'OEM Ltd', company_url: 'https://oem.example.com',
    telephone: '400-800-1234', msg_id: String(templateId), icon: blobOf(PNG_1PX), home_logo: blobOf(PNG_1PX), ...extra,
  });

  it('is refused on the default brand: page configuration exists on custom-domain deployments only', async () => {
    const r = await t.post(PATH, { method: 'domain_config', domain: HOST }, { token: owner.token });
    expect(r.code).toBe(Code.FORBIDDEN);
    await makeCustom();
  });

  it('answers the domain\'s configuration to its organisation\'s administrators', async () => {
    const r = await t.post<DomainConfigDetail>(PATH, { method: 'domain_config', domain: HOST }, { token: owner.token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ domain: HOST, home_title: 'Old', msg_id: '' });
  });

  it('saves every field with new icon and logo images; the public branding shows them', async () => {
    const r = await postForm<DomainConfigDetail>(t, PATH, fullForm(), owner.token);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ home_title: 'OEM Console', company: 'OEM Ltd', telephone: '400-800-1234', msg_id: String(templateId) });
    expect(r.data?.icon).toMatch(new RegExp(`^/uploads/${orgId}/.+\\.png$`));
    expect(r.data?.iconurl).toBe(r.data?.icon);
    const pub = await t.post<PublicDomainConfig>('/admin/index/domain_config');
    expect(pub.data).toMatchObject({ home_title: 'OEM Console', icon: r.data?.icon, home_logo: r.data?.home_logo, domain_oem: 1 });
  });

  it('keeps the images when the form sends their current values back', async () => {
    const [row] = await t.database.db.select().from(domainConfigs).where(eq(domainConfigs.domain, HOST));
    const r = await postForm<DomainConfigDetail>(t, PATH, fullForm({ home_title: 'Renamed', icon: row?.icon ?? '', home_logo: row?.homeLogo ?? '' }), owner.token);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ home_title: 'Renamed', icon: row?.icon, home_logo: row?.homeLogo });
  });

  it('requires every field, icon and logo included', async () => {
    expect((await postForm(t, PATH, fullForm({ icon: '' }), owner.token))).toMatchObject({ code: Code.VALIDATION, field: 'icon' });
    expect((await postForm(t, PATH, fullForm({ icon: '/uploads/9/somebody-elses-file.png' }), owner.token))).toMatchObject({ code: Code.VALIDATION, field: 'icon' });
    expect((await postForm(t, PATH, fullForm({ telephone: '' }), owner.token))).toMatchObject({ code: Code.VALIDATION, field: 'telephone' });
    expect((await postForm(t, PATH, fullForm({ company_url: 'oem.example.com' }), owner.token))).toMatchObject({ code: Code.VALIDATION, field: 'company_url' });
  });

  it('only offers SMS templates of the domain\'s organisation', async () => {
    const [foreign] = await t.database.db.insert(smsTemplates).values({ orgId: 1, name: 'Platform', content: 'x', templateCode: 'SMS_2' }).returning();
    const r = await postForm(t, PATH, fullForm({ msg_id: String(foreign?.id) }), owner.token);
    expect(r).toMatchObject({ code: Code.NOT_FOUND, field: 'msg_id' });
  });

  it('is hidden from administrators of other organisations, even with the permission', async () => {
    const otherOrg = await createOrganization(t, 'Someone else');
    const stranger = await createMember(t, { username: 'oem-stranger', orgs: [otherOrg], nickname: 'X', keys: KEYS });
    expect((await t.post(PATH, { method: 'domain_config', domain: HOST }, { token: stranger.token })).code).toBe(Code.NOT_FOUND);
    expect((await postForm(t, PATH, fullForm(), stranger.token)).code).toBe(Code.NOT_FOUND);
  });

  it('is refused to members without the permission', async () => {
    const member = await createMember(t, { username: 'oem-member', orgs: [orgId], nickname: 'M' });
    expect((await t.post(PATH, { method: 'domain_config', domain: HOST }, { token: member.token })).code).toBe(Code.FORBIDDEN);
  });

  it('only configures the domain being visited', async () => {
    const r = await t.post(PATH, { method: 'domain_config', domain: 'other.example.com' }, { token: owner.token });
    expect(r.code).toBe(Code.NOT_FOUND);
  });

  it('shows the custom domain in the personal data of its organisation\'s members', async () => {
    const r = await t.post<PersonalDataDetailAnswer>(PATH, { method: 'detail' }, { token: owner.token });
    expect(r.data?.detail.org).toBe(HOST);
  });
});
