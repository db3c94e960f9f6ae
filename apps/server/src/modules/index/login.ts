import { Api, loginBody, type LoginAnswer } from '@gx/contract';
import type { Executor } from '../../db/client';
import { closedBody, method, type EndpointSpec } from '../../http/endpoint';
import { checkCredentials } from './credentials';
import { signIn } from './signIn';

export const loginEndpoint: EndpointSpec = {
  path: Api.index.login,
  methods: {
    default: method({
      access: 'public',
      body: closedBody(loginBody),
      lift: ['token'],
      // The failure counters must survive the refusal; the session is made in a transaction of its own.
      transactional: false,
      async handler(ctx, input): Promise<LoginAnswer> {
        const user = await checkCredentials(ctx, input);
        return ctx.db.transaction(async (tx) => signIn(ctx, tx as unknown as Executor, user, 'password'));
      },
    }),
  },
};
