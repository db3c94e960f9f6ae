import { inArray } from 'drizzle-orm';
import { md5, type Envelope } from '@gx/contract';
import { buttons, organizations, orgMembers, roleButtons, roles, userRoles, users } from '../db/schema';
import { hashPlainPassword } from '../auth/password';
import type { TestApp } from './testApp';

export const MEMBER_PASSWORD = 'Member@12345';

export interface MemberOptions {
  username: string;
  /** Organisations the user belongs to; the first becomes the current one. */
  orgs?: number[];
  nickname?: string;
  cellphone?: string;
  /** Permission keys granted through a role in the first organisation. */
  keys?: string[];
}

/** A signed-in ordinary user (id > 3) for tests, inserted directly and signed in through the real login. */
export async function createMember(t: TestApp, o: MemberOptions): Promise<{ id: number; token: string }> {
  const db = t.database.db;
  const orgs = o.orgs ?? [];
  const [u] = await db.insert(users).values({
    username: o.username, passwordHash: await hashPlainPassword(MEMBER_PASSWORD), nickname: o.nickname ?? '',
    cellphone: o.cellphone ?? '', currentOrgId: orgs[0] ?? null,
  }).returning({ id: users.id });
  if (!u) throw new Error('user insert failed');
  if (orgs.length) await db.insert(orgMembers).values(orgs.map((orgId) => ({ orgId, userId: u.id })));
  if (o.keys?.length && orgs[0] !== undefined) await grantKeys(t, u.id, orgs[0], o.keys);
  return { id: u.id, token: await t.login(o.username, MEMBER_PASSWORD) };
}

export async function grantKeys(t: TestApp, userId: number, orgId: number, keys: string[]): Promise<number> {
  const db = t.database.db;
  const [role] = await db.insert(roles).values({ orgId, name: `role-${userId}-${orgId}` }).returning({ id: roles.id });
  if (!role) throw new Error('role insert failed');
  const rows = await db.select({ id: buttons.id }).from(buttons).where(inArray(buttons.key, keys));
  if (rows.length !== keys.length) throw new Error(`unknown permission keys among ${keys.join(', ')}`);
  await db.insert(roleButtons).values(rows.map((b) => ({ roleId: role.id, buttonId: b.id })));
  await db.insert(userRoles).values({ userId, orgId, roleId: role.id });
  return role.id;
}

export async function createOrganization(t: TestApp, name: string): Promise<number> {
  const [org] = await t.database.db.insert(organizations).values({ name, inviteCode: md5(name).slice(0, 12).toUpperCase() }).returning({ id: organizations.id });
  if (!org) throw new Error('organisation insert failed');
  return org.id;
}

/** A multipart POST, as the console sends forms with files. */
export async function postForm<T = unknown>(t: TestApp, path: string, fields: Record<string, string | Blob>, token?: string): Promise<Envelope<T> & Record<string, unknown>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, k === 'photo' || k === 'icon' || k === 'home_logo' ? `${k}.png` : 'file.bin');
  }
  const res = await fetch(`${t.url}/v3${path}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return (await res.json()) as Envelope<T> & Record<string, unknown>;
}

/** The smallest valid PNG (1×1), and a JPEG header: what the content check recognises. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A real 2×2 JPEG (images are decoded on upload, so a bare header is refused). */
export const JPEG_HEAD = Buffer.from('/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCXAUUYf//Z', 'base64');

export function blobOf(data: Buffer, type = 'image/png'): Blob {
  return new Blob([new Uint8Array(data)], { type });
}
