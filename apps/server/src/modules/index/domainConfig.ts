import { inArray } from 'drizzle-orm';
import { Api, type PublicDomainConfig } from '@gx/contract';
import { domainConfigs } from '../../db/schema';
import { method, noInput, type EndpointSpec } from '../../http/endpoint';
import type { Executor } from '../../db/client';

/** Host name of the request without port; the branding key of a custom-domain deployment. */
export function hostOf(hostname: string): string {
  return hostname.replace(/:\d+$/, '').toLowerCase();
}

/** The branding row for a host, falling back to the default brand (domain ''). */
export async function brandingFor(exec: Executor, host: string) {
  const rows = await exec.select().from(domainConfigs).where(inArray(domainConfigs.domain, [host, '']));
  return rows.find((r) => r.domain === host) ?? rows.find((r) => r.domain === '') ?? null;
}

export const domainConfigEndpoint: EndpointSpec = {
  path: Api.index.domainConfig,
  methods: {
    default: method({
      access: 'public',
      body: noInput(),
      readOnly: true,
      async handler(ctx): Promise<PublicDomainConfig> {
        const host = hostOf(ctx.req.hostname);
        const row = await brandingFor(ctx.db, host);
        return {
          domain: row?.domain ?? host,
          home_title: row?.homeTitle ?? '',
          icon: row?.icon ?? '',
          home_logo: row?.homeLogo ?? '',
          domain_oem: row?.domainOem ?? 0,
          captcha: ctx.config.captcha,
        };
      },
    }),
  },
};

