import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { WECHAT_TICKET_TTL_SECONDS } from '@gx/contract';
import type { Executor } from '../../db/client';
import { wechatTickets } from '../../db/schema';
import { fail } from '../../http/errors';
import type { WechatIdentity } from '../../providers/wechat/types';

/**
 * A scanned WeChat identity that no account holds yet waits under a ticket while the visitor binds or registers an
 * account on /wxbindpage: 128 random bits (only the SHA-256 kept), valid WECHAT_TICKET_TTL_SECONDS, used once — by
 * the transaction that binds it, so a refused attempt (wrong password, taken username) leaves it usable.
 */
const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(exec: Executor, identity: WechatIdentity, now: Date): Promise<string> {
  await exec.delete(wechatTickets).where(lt(wechatTickets.expiresAt, now));
  const ticket = randomBytes(16).toString('hex');
  await exec.insert(wechatTickets).values({
    ticketHash: ticketHash(ticket), openid: identity.openid, unionid: identity.unionid, nickname: identity.nickname, avatar: identity.avatar,
    createdAt: now, expiresAt: new Date(now.getTime() + WECHAT_TICKET_TTL_SECONDS * 1000),
  });
  return ticket;
}

export interface TicketIdentity { identity: WechatIdentity; expiresAt: Date }

const expired = () => fail.validation('ticket', 'validation.wechatTicket');

/** The identity a live ticket holds; an unknown, used or expired ticket answers 1001 on `ticket`. */
export async function readTicket(exec: Executor, ticket: string, now: Date): Promise<TicketIdentity> {
  const [row] = await exec.select().from(wechatTickets).where(eq(wechatTickets.ticketHash, ticketHash(ticket)));
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw expired();
  return { identity: { openid: row.openid, unionid: row.unionid, nickname: row.nickname, avatar: row.avatar }, expiresAt: row.expiresAt };
}

/** Takes the ticket (in the binding's transaction): of two concurrent uses only one finds it. */
export async function takeTicket(exec: Executor, ticket: string, now: Date): Promise<WechatIdentity> {
  const [row] = await exec.delete(wechatTickets).where(eq(wechatTickets.ticketHash, ticketHash(ticket))).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw expired();
  return { openid: row.openid, unionid: row.unionid, nickname: row.nickname, avatar: row.avatar };
}
