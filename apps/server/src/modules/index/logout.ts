import { Api } from '@gx/contract';
import { method, noInput, type EndpointSpec } from '../../http/endpoint';
import { revokeSession } from '../../auth/session';

export const logoutEndpoint: EndpointSpec = {
  path: Api.index.logout,
  methods: {
    default: method({
      access: 'user',
      body: noInput(),
      async handler(ctx) {
        const p = ctx.user();
        await revokeSession(ctx.db, p.sessionId, 'logout', ctx.services.now());
        await ctx.audit(ctx.db, { action: 'logout', target: p.userId, after: { sessionId: p.sessionId } });
        return null;
      },
    }),
  },
};
