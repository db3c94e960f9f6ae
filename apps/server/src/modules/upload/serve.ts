import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from '@gx/contract';
import type { EndpointDeps } from '../../http/endpoint';
import { FILE_KEY_RE } from '../../providers/files/types';
import { rangeOf } from '../../http/range';
import { CONTENT_TYPES } from './image';

const YEAR = 60 * 60 * 24 * 365;

/**
 * GET /uploads/<org>/<random>.<jpg|png|mp4>. Public, because the login page shows a custom domain's icon and logo
 * before anyone signs in; names are 128-bit random, so files cannot be listed or guessed. Only keys of the exact
 * stored shape are looked up (no `..`, no encoded slashes), and a stored file never changes, hence the long cache.
 */
export function registerUploads(app: FastifyInstance, deps: EndpointDeps): void {
  app.get(`${UPLOADS_PATH}/:org/:name`, async (req, reply) => {
    const { org, name } = req.params as { org: string; name: string };
    const key = `${org}/${name}`;
    const m = FILE_KEY_RE.exec(key);
    // Images and videos only: firmware packages are downloaded through their signed links (modules/upgrade/download.ts).
    const type = m ? SERVED_TYPES[m[3] ?? ''] : undefined;
    const notFound = () => reply.status(404).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send({ code: 404, msg: 'Not Found' });
    if (!type) return notFound();
    const whole = await deps.services.files.get(key);
    if (!whole) return notFound();
    reply.header('content-type', type)
      .header('cache-control', `public, max-age=${YEAR}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'");
    if (m![3] !== 'mp4') return reply.header('content-length', whole.size).send(whole.stream);
    // A video is seeked: the player asks for ranges (and Safari insists on them).
    reply.header('accept-ranges', 'bytes');
    const range = rangeOf(req.headers.range, whole.size);
    if (!range) return reply.header('content-length', whole.size).send(whole.stream);
    whole.stream.destroy();
    if (range === 'bad') return reply.status(416).header('content-type', 'text/plain').header('content-range', `bytes */${whole.size}`).send('');
    const part = await deps.services.files.get(key, range);
    if (!part) return notFound();
    return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${whole.size}`)
      .header('content-length', range.end - range.start + 1).send(part.stream);
  });
}

const SERVED_TYPES: Readonly<Record<string, string>> = { ...CONTENT_TYPES, mp4: 'video/mp4' };
