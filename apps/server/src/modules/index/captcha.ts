import type { FastifyInstance } from 'fastify';
import { Api, CAPTCHA_COOKIE } from '@gx/contract';
import type { EndpointDeps } from '../../http/endpoint';
import { issueCaptcha, CAPTCHA_TTL_SECONDS } from '../../auth/captcha';
import { captchaSvg } from '../../auth/captchaImage';
import { cookieHeader } from '../../http/cookies';

/** GET, because an <img> loads it: a fresh challenge per load, bound to this browser by an HttpOnly cookie. */
export function registerCaptcha(app: FastifyInstance, deps: EndpointDeps): void {
  app.get(`/v3${Api.index.captcha}`, async (_req, reply) => {
    const text = deps.services.captchaText();
    const id = await issueCaptcha(deps.database.db, text, deps.services.now());
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'no-store')
      .header('set-cookie', cookieHeader(CAPTCHA_COOKIE, id, { maxAge: CAPTCHA_TTL_SECONDS, path: '/v3/admin/index' }))
      .send(captchaSvg(text));
  });
}
