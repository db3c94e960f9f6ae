import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { DeviceFamily } from '@gx/contract';
import type { Database, Executor } from '../../db/client';
import { devices, orgMembers, organizations, users } from '../../db/schema';
import { inviteExpiry, newInviteCode } from '../organization/inviteCode';
import { provisionDevices } from './binding';
import { provisionCsv, type ProvisionedDevice } from './provisionCsv';

export const DEMO_ORG_NAME = '演示组织 / Demo';
export const DEMO_FLEET_FILE = 'demo-fleet.csv';

/** About fifty devices across every family, weighted the way a small operator's fleet looks. */
const FLEET: readonly [DeviceFamily, string, number][] = [
  ['ig', 'GX-IG5200', 8], ['olt', 'GX-OLT1600', 2], ['onu', 'GX-ONU210', 8], ['fttn', 'GX-FTTN24', 2],
  ['fttr', 'GX-FTTR-M1', 4], ['nmc', 'GX-NMC10', 1], ['ap', 'GX-AP660', 8], ['ac', 'GX-AC300', 2],
  ['switch', 'GX-SW2428', 3], ['pbx', 'GX-PBX500', 2], ['uc', 'GX-UC100', 2], ['ag', 'GX-AG16', 3],
  ['vcgw', 'GX-VC20', 1], ['screen', 'GX-SCREEN55', 4],
];

/** Where the demo devices stand: a regional operator's footprint, heaviest around the Pearl and Yangtze deltas. */
const DEMO_PLACES: readonly [string, string][] = [
  ['广东', '广州'], ['广东', '深圳'], ['上海', '上海'], ['浙江', '杭州'], ['江苏', '南京'], ['北京', '北京'], ['广东', '佛山'],
  ['四川', '成都'], ['湖北', '武汉'], ['江苏', '苏州'], ['福建', '厦门'], ['山东', '济南'], ['陕西', '西安'], ['浙江', '宁波'],
  ['河南', '郑州'], ['湖南', '长沙'], ['重庆', '重庆'], ['天津', '天津'], ['辽宁', '沈阳'], ['云南', '昆明'], ['广西', '南宁'],
  ['新疆', '乌鲁木齐'], ['黑龙江', '哈尔滨'], ['安徽', '合肥'],
];

/**
 * First start of a new installation: a demo organisation with a fleet the simulator can bring to life
 * (`DATA_DIR/demo-fleet.csv`, readable by the owner only, since it holds the secrets). The administrator is a
 * member and starts in it, so the device pages show something at once.
 */
export async function seedDemoFleet(database: Database, dataDir: string): Promise<{ file: string; devices: number }> {
  const made = await database.db.transaction(async (tx) => {
    const exec = tx as unknown as Executor;
    const [org] = await exec.insert(organizations)
      .values({ name: DEMO_ORG_NAME, inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(new Date()), ownerId: 1 })
      .returning({ id: organizations.id });
    const orgId = org!.id;
    await exec.insert(orgMembers).values({ orgId, userId: 1 }).onConflictDoNothing();
    await exec.update(users).set({ currentOrgId: orgId }).where(eq(users.id, 1));
    const all: ProvisionedDevice[] = [];
    for (const [family, model, count] of FLEET) all.push(...await provisionDevices(exec, orgId, { family, model, count, prefix: `DEMO-${family.toUpperCase()}` }));
    // Each device stands somewhere, so the big screens' map has something to show.
    for (const [i, d] of all.entries()) {
      const [province, city] = DEMO_PLACES[i % DEMO_PLACES.length]!;
      await exec.update(devices).set({ province, city }).where(eq(devices.serial, d.serial));
    }
    return all;
  });
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, DEMO_FLEET_FILE);
  await writeFile(file, provisionCsv(made), { mode: 0o600 });
  return { file, devices: made.length };
}
