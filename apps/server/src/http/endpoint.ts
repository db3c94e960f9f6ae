import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code, READ_ONLY_METHODS, closedObject, messageFor, type Envelope, type Label } from '@gx/contract';
import type { Config } from '../config';
import type { Database, Db, Executor } from '../db/client';
import type { Services } from '../services';
import type { SessionCache } from '../auth/sessionCache';
import { hasPermission } from '../auth/permissions';
import { hashSignedBody, isSignedCall, recordSignedCall, verifySignedCall } from '../modules/dc/signedCall';
import { assertHoldsUser } from '../auth/holdings';
import { writeOperationLog } from '../audit/operationLog';
import { AppError } from './errors';
import { diskUploadConfig } from './body';
import { attachment, FileReply } from './fileReply';
import type { AuditEntry, Principal, RequestContext } from './context';
import { langOf } from './lang';
import { bearerToken } from './token';
import type { InFlight } from './inFlight';
import type { ResourceRegistry } from '../resources/registry';

/**
 * The one mechanism every API call goes through (DESIGN §3, §4): an endpoint is a path with named methods; each
 * method names who may call it, the schema of its body and its handler. Registration adds the session check, the
 * permission check, validation with the failing field named, the envelope and the operation log.
 */

/** `public`: anyone. `user`: any signed-in user. Any other string: a permission (button) key. */
export type Access = 'public' | 'user' | (string & {});

export interface MethodSpec<S extends z.ZodType = z.ZodType> {
  access: Access;
  body: S;
  handler(ctx: RequestContext, input: z.output<S>): Promise<unknown>;
  /** Copy these keys of the answer's data to the top level too (login answers `{code, token}`). */
  lift?: string[];
  /** Read-only methods are not operation-logged; defaults to READ_ONLY_METHODS membership. */
  readOnly?: boolean;
  /**
   * Run the handler and its operation-log entry in one transaction (default: every non-read-only method), so a
   * refused or failed change writes nothing. Login opts out: its failure counters must survive the refusal.
   */
  transactional?: boolean;
  /** Labels of the body's fields: a refusal naming one of them says its label, not its wire name. */
  fieldLabels?: Record<string, Label>;
  /**
   * A hand-written method that moves holdings between principals (hands a leaver's roles over, assigns, transfers):
   * which body fields name them. The handler must refuse (1003 naming the field) any call by which a principal ends
   * up holding keys the caller lacks; the authorization matrix probes every method so marked. Fields the resource
   * engine generates (`grants` in a declaration) are covered there and need no mark.
   */
  grantLike?: GrantLikeSpec;
  /**
   * A hand-written method that lets the caller sign in as another account (sets its password, say): the body field
   * naming that account (a user of the caller's organisation, by id). Registration refuses it (1003 naming the field)
   * on an account holding anything the caller lacks, and on the organisation's owner unless the caller holds
   * everything. The authorization matrix probes every method so marked, and every resource action declared
   * `takeover`.
   */
  takeover?: string;
  /**
   * The method takes a file streamed to disk (`zDiskFile`) up to this many bytes, never buffered in memory: the
   * endpoint's multipart bodies are then streamed to temporary files (the largest of its methods' limits).
   */
  diskUpload?: number;
}

/** Body fields of a grant-like method naming principals (users of the caller's organisation, by id). */
export interface GrantLikeSpec {
  /** The principal whose holdings move away (a leaver). */
  from: string;
  /** The principal receiving them (an inheritor). */
  to: string;
}

export interface EndpointSpec {
  /** Path below /v3, e.g. `/admin/system/user`. */
  path: string;
  /** Method name → spec. `default` serves calls that name no method (or a method the endpoint lacks). */
  methods: Record<string, MethodSpec>;
}

/**
 * The closed body of a method that takes no input: an unknown field answers 1001 naming it. A named method accepts
 * its own name in `method`, which is all the console sends; `default` (called with `{}`) accepts nothing.
 */
export function noInput(methodName?: string): z.ZodType<Record<string, unknown>> {
  return closedBody(z.object({}), methodName);
}

/**
 * A hand-written method's body, closed: exactly the schema's fields (plus, for a named method, its own name in
 * `method`); any other field answers 1001 naming it.
 */
export function closedBody<S extends Record<string, z.ZodType>>(schema: z.ZodObject<S>, methodName?: string) {
  const shape: Record<string, z.ZodType> = { ...schema.shape };
  if (methodName !== undefined) shape.method = z.literal(methodName);
  return closedObject(shape as S);
}

/** Keeps the body schema's type for the handler while storing specs uniformly. */
export function method<S extends z.ZodType>(spec: MethodSpec<S>): MethodSpec {
  return spec as unknown as MethodSpec;
}

export interface EndpointDeps {
  database: Database;
  config: Config;
  services: Services;
  inFlight: InFlight;
  resources: ResourceRegistry;
  /** Signed-in callers held in memory (auth/sessionCache.ts). */
  sessions: SessionCache;
}

const methodField = z.object({ method: z.string().max(64).optional() }).passthrough();

function pickMethod(spec: EndpointSpec, body: unknown): [string, MethodSpec] {
  const parsed = methodField.safeParse(body);
  const requested = parsed.success ? parsed.data.method : undefined;
  if (requested !== undefined && Object.hasOwn(spec.methods, requested)) return [requested, spec.methods[requested]!];
  const fallback = spec.methods.default;
  if (fallback) return ['default', fallback];
  throw new AppError(Code.UNKNOWN_METHOD, undefined, 'method');
}

/**
 * Path of the first string holding a NUL character. PostgreSQL text cannot store one, so it is refused here, once,
 * for every endpoint, instead of failing deep inside a query.
 */
export function nulBytePath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = nulBytePath(value[i], [...path, String(i)]);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      const hit = nulBytePath(v, [...path, k]) ?? (k.includes('\u0000') ? [...path, k].join('.') : null);
      if (hit) return hit;
    }
  }
  return null;
}

function issueToField(issue: z.core.$ZodIssue): string {
  // A closed body names the first field it does not know.
  const path = issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined ? [...issue.path, issue.keys[0]] : issue.path;
  return path.map(String).join('.') || '(body)';
}

/** Validation failure naming the field; the message is the rule's i18n key or zod's description. */
export function validationError(error: z.ZodError): AppError {
  const first = error.issues[0];
  const field = first ? issueToField(first) : '(body)';
  return new AppError(Code.VALIDATION, first?.message, field, {
    issues: error.issues.map((i) => ({ field: issueToField(i), message: i.message })),
  });
}

export function envelope(code: number, msg: string, extra: Partial<Envelope> = {}): Envelope {
  return { code, msg, ...extra };
}

/**
 * Several areas may add methods to one path (the organisation endpoint serves both the administrators' list and a
 * user's join/create); their specs merge here, and a method defined twice stops the server at start.
 */
export function mergeEndpoints(specs: EndpointSpec[]): EndpointSpec[] {
  const byPath = new Map<string, EndpointSpec>();
  for (const spec of specs) {
    const seen = byPath.get(spec.path);
    if (!seen) {
      byPath.set(spec.path, { path: spec.path, methods: { ...spec.methods } });
      continue;
    }
    for (const [name, m] of Object.entries(spec.methods)) {
      if (Object.hasOwn(seen.methods, name)) throw new Error(`endpoint ${spec.path} defines method ${name} twice`);
      seen.methods[name] = m;
    }
  }
  return [...byPath.values()];
}

/** Every permission key the endpoints name: the vocabulary of buttons (btnlist) roles can grant. */
export function permissionKeys(specs: EndpointSpec[]): string[] {
  const keys = new Set<string>();
  for (const spec of specs) for (const m of Object.values(spec.methods)) if (m.access !== 'public' && m.access !== 'user') keys.add(m.access);
  return [...keys].sort();
}

/**
 * Requests whose handler has begun. A failure before that point happened while reading the request (a broken
 * multipart stream, say): the client's fault, answered as a validation failure rather than a server fault.
 */
export const handlerStarted = new WeakSet<FastifyRequest>();

export function registerEndpoint(app: FastifyInstance, deps: EndpointDeps, spec: EndpointSpec): void {
  const diskUpload = Math.max(0, ...Object.values(spec.methods).map((m) => m.diskUpload ?? 0));
  const config = diskUpload > 0 ? diskUploadConfig(diskUpload) : {};
  const handle = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    handlerStarted.add(req);
    const lang = langOf(req.headers['accept-language']);
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body) || body === null) {
      throw new AppError(Code.VALIDATION, undefined, '(body)');
    }
    const [methodName, m] = pickMethod(spec, body);
    const ctx = makeContext(req, reply, deps, spec.path, methodName);
    if (m.access !== 'public' && isSignedCall(req)) {
      // A developer service's signed call (docs/developer-api.md): only keys within its scopes that its registrant holds.
      const caller = await verifySignedCall(deps.database.db, req, deps.services.now());
      ctx.principal = caller.principal;
      if (m.access === 'user' || !caller.scopes.includes(m.access)) throw new AppError(Code.FORBIDDEN, 'validation.signatureScope');
      if (!(await hasPermission(deps.database.db, ctx.principal, m.access))) throw new AppError(Code.FORBIDDEN);
    } else if (m.access !== 'public') {
      const token = bearerToken(req);
      if (!token) throw new AppError(Code.NOT_LOGGED_IN);
      ctx.principal = await deps.sessions.resolve(deps.database.db, token, deps.services.now(), deps.config.sessionTtlSeconds);
      if (m.access !== 'user' && !(await hasPermission(deps.database.db, ctx.principal, m.access))) {
        throw new AppError(Code.FORBIDDEN);
      }
    }
    try {
      return await validateAndRun(reply, deps, m, methodName, ctx, body, lang);
    } catch (e) {
      if (e instanceof AppError && e.field && !e.fieldLabel) e.fieldLabel = labelOf(m.fieldLabels, e.field);
      throw e;
    }
  };
  app.post(`/v3${spec.path}`, { preParsing: hashSignedBody(deps.config.bodyLimit), config }, (req, reply) => deps.inFlight.run(async () => {
    if (!isSignedCall(req)) return handle(req, reply);
    // A developer service's call is counted for its dashboard: answered 200 or not, and how long it took.
    const started = performance.now();
    let ok = false;
    try {
      const answered = await handle(req, reply);
      ok = true;
      return answered;
    } finally {
      recordSignedCall(req, ok, performance.now() - started);
    }
  }));
}

/** A field's label; a nested path (`prizes.0.weight`, `filter.family`) is named by its own label or its top field's. */
function labelOf(labels: Record<string, Label> | undefined, field: string): Label | undefined {
  return labels?.[field] ?? labels?.[field.split('.')[0] ?? ''];
}

/** Body validation, the handler (in its transaction) and the answer; failures get the method's field labels above. */
async function validateAndRun(
  reply: FastifyReply, deps: EndpointDeps, m: MethodSpec, methodName: string, ctx: RequestContext, body: object, lang: ReturnType<typeof langOf>,
): Promise<FastifyReply> {
  const nul = nulBytePath(body);
  if (nul) throw new AppError(Code.VALIDATION, 'validation.nulByte', nul);
  const input = m.body.safeParse(body);
  if (!input.success) throw validationError(input.error);
  const readOnly = m.readOnly ?? READ_ONLY_METHODS.includes(methodName);
  const run = async (): Promise<unknown> => {
    if (m.takeover !== undefined) await assertTakeover(ctx, m.takeover, input.data);
    const result = await m.handler(ctx, input.data);
    if (!readOnly && !ctxAudited.has(ctx) && ctx.principal) {
      // Every change is logged even when the handler had nothing richer to say than its input.
      await ctx.audit(ctx.db, { after: input.data });
    }
    return result;
  };
  let data: unknown;
  try {
    data = (m.transactional ?? !readOnly)
      ? await deps.database.db.transaction(async (tx) => {
          ctx.db = tx as unknown as Db;
          return run();
        })
      : await run();
  } finally {
    // The database tells every instance when a change decides a caller, but this one's client may call again
    // before the notice arrives (a logout, then the next call): forget at once after any change made here.
    if (!readOnly) deps.sessions.forget();
  }
  for (const fn of committed.get(ctx) ?? []) {
    try { fn(); } catch (err) { ctx.req.log.error({ err }, 'after-commit work failed'); }
  }
  if (data instanceof FileReply) {
    data.body.on('error', (err) => ctx.req.log.warn({ err }, 'a streamed file failed after its first byte'));
    return reply.header('content-type', data.mimetype).header('content-disposition', attachment(data.filename))
      .header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(data.body);
  }
  const out: Record<string, unknown> = { ...envelope(Code.OK, messageFor(Code.OK, lang), {
    method: methodName === 'default' ? undefined : methodName,
    data,
  }) };
  if (m.lift && data && typeof data === 'object') {
    for (const k of m.lift) out[k] = (data as Record<string, unknown>)[k];
  }
  return reply.send(out);
}

/** The account a takeover-like method names holds nothing the caller lacks (see `MethodSpec.takeover`). */
async function assertTakeover(ctx: RequestContext, field: string, input: unknown): Promise<void> {
  const id = (input as Record<string, unknown> | null)?.[field];
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new AppError(Code.VALIDATION, undefined, field);
  await assertHoldsUser(ctx.db, ctx.user(), id, ctx.orgId(), field, 'validation.takeoverBeyondOwn');
}

const ctxAudited = new WeakSet<RequestContext>();
const committed = new WeakMap<RequestContext, (() => void)[]>();

function makeContext(req: FastifyRequest, reply: FastifyReply, deps: EndpointDeps, path: string, methodName: string): RequestContext {
  const ctx: RequestContext = {
    req,
    reply,
    db: deps.database.db,
    config: deps.config,
    services: deps.services,
    resources: deps.resources,
    ip: req.ip,
    lang: langOf(req.headers['accept-language']),
    requestId: String(req.id),
    path,
    method: methodName,
    principal: null,
    user(): Principal {
      if (!ctx.principal) throw new AppError(Code.NOT_LOGGED_IN);
      return ctx.principal;
    },
    orgId(): number {
      const org = ctx.user().orgId;
      if (org === null) throw new AppError(Code.VALIDATION, 'validation.noOrganization', 'org');
      return org;
    },
    async audit(exec: Executor, entry: AuditEntry = {}): Promise<void> {
      ctxAudited.add(ctx);
      const p = ctx.principal;
      await writeOperationLog(exec, {
        userId: p?.userId ?? null,
        username: p?.username ?? '',
        orgId: p?.orgId ?? null,
        ip: ctx.ip,
        action: entry.action ?? `${path}#${methodName}`,
        target: entry.target,
        before: entry.before,
        after: entry.after,
        requestId: ctx.requestId,
      });
    },
    afterCommit(fn) {
      const list = committed.get(ctx) ?? [];
      list.push(fn);
      committed.set(ctx, list);
    },
  };
  return ctx;
}
