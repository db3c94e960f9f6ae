import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from '@gx/contract';
import type { EndpointDeps } from '../../http/endpoint';
import { FILE_KEY_RE } from '../../providers/files/types';
import { CONTENT_TYPES, type ImageExt } from './image';

const YEAR = 60 * 60 * 24 * 365;

/**
 * GET /uploads/<org>/<random>.<jpg|png>. Public, because the login page shows a custom domain's icon and logo
 * before anyone signs in; names are 128-bit random, so files cannot be listed or guessed. Only keys of the exact
 * stored shape are looked up (no `..`, no encoded slashes), and a stored file never changes, hence the long cache.
 */
export function registerUploads(app: FastifyInstance, deps: EndpointDeps): void {
  app.get(`${UPLOADS_PATH}/:org/:name`, async (req, reply) => {
    const { org, name } = req.params as { org: string; name: string };
    const key = `${org}/${name}`;
    const m = FILE_KEY_RE.exec(key);
    // Images only: firmware packages are downloaded through their signed links (modules/upgrade/download.ts).
    const image = m && (m[3] ?? '') in CONTENT_TYPES ? m : null;
    const file = image ? await deps.services.files.get(key) : null;
    if (!image || !file) return reply.status(404).header('cache-control', 'no-store').send({ code: 404, msg: 'Not Found' });
    return reply
      .header('content-type', CONTENT_TYPES[image[3] as ImageExt])
      .header('content-length', file.size)
      .header('cache-control', `public, max-age=${YEAR}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(file.stream);
  });
}
