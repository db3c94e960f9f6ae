import { asc, eq, sql } from 'drizzle-orm';
import { Api, CAPTCHA_COOKIE, Code, loginBody, type LoginAnswer } from '@gx/contract';
import { organizations, orgMembers, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import { closedBody, method, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { readCookie } from '../../http/cookies';
import { DUMMY_HASH, verifyPasswordMd5 } from '../../auth/password';
import { assertNotThrottled, clearFailures, recordFailure } from '../../auth/throttle';
import { consumeCaptcha } from '../../auth/captcha';
import { createSession, moveSessionsTo } from '../../auth/session';
import { writeOperationLog } from '../../audit/operationLog';

/**
 * The organisation a sign-in works in: the current one while it is enabled, else the first enabled organisation the
 * user belongs to. Someone whose every organisation is disabled is refused (1016); someone who belongs to none yet
 * signs in without one, to join or create one.
 */
async function landingOrganization(exec: Executor, userId: number, currentOrgId: number | null): Promise<number | null> {
  const [current] = currentOrgId === null ? [] : await exec.select({ status: organizations.status }).from(organizations).where(eq(organizations.id, currentOrgId));
  if (current?.status === 1) return currentOrgId;
  const mine = await exec.select({ id: organizations.id, status: organizations.status }).from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, userId)).orderBy(asc(organizations.id));
  const active = mine.find((o) => o.status === 1);
  if (active) return active.id;
  if (mine.length || current) throw new AppError(Code.ORGANIZATION_DISABLED);
  return null;
}

export const loginEndpoint: EndpointSpec = {
  path: Api.index.login,
  methods: {
    default: method({
      access: 'public',
      body: closedBody(loginBody),
      lift: ['token'],
      transactional: false,
      async handler(ctx, input): Promise<LoginAnswer> {
        const { db, services, config } = ctx;
        const now = services.now();
        const limits = config.throttle;
        await assertNotThrottled(db, input.username, ctx.ip, now, limits);
        const logFailure = async (code: number) => {
          await recordFailure(db, input.username, ctx.ip, now, limits);
          await writeOperationLog(db, {
            userId: null, username: input.username, orgId: null, ip: ctx.ip, action: 'login_failed',
            after: { code }, requestId: ctx.requestId,
          });
        };
        if (config.captcha) {
          try {
            await consumeCaptcha(db, readCookie(ctx.req, CAPTCHA_COOKIE), input.code, now);
          } catch (e) {
            await logFailure(Code.CAPTCHA_WRONG);
            throw e;
          }
        }
        const [user] = await db.select().from(users).where(eq(sql`lower(${users.username})`, input.username.toLowerCase())).limit(1);
        const ok = await verifyPasswordMd5(input.password, user?.passwordHash ?? DUMMY_HASH);
        if (!user || !ok) {
          await logFailure(Code.BAD_CREDENTIALS);
          throw new AppError(Code.BAD_CREDENTIALS);
        }
        if (user.status !== 1) throw new AppError(Code.ACCOUNT_DISABLED);
        const orgId = await landingOrganization(db, user.id, user.currentOrgId);
        return db.transaction(async (tx) => {
          await clearFailures(tx, input.username);
          const session = await createSession(tx, user.id, {
            ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? '', now, ttlSeconds: config.sessionTtlSeconds, orgId,
          });
          await tx.update(users).set({ lastLoginAt: now, lastLoginIp: ctx.ip, currentOrgId: orgId }).where(eq(users.id, user.id));
          if (orgId !== user.currentOrgId) await moveSessionsTo(tx, user.id, orgId);
          await writeOperationLog(tx, {
            userId: user.id, username: user.username, orgId, ip: ctx.ip, action: 'login',
            target: user.id, after: { sessionId: session.sessionId }, requestId: ctx.requestId,
          });
          return { token: session.token, expiresAt: session.expiresAt.toISOString() };
        });
      },
    }),
  },
};
