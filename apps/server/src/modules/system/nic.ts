import { hostname, networkInterfaces } from 'node:os';
import { nicResource, permissionKey, type Page } from '@gx/contract';
import { method, type EndpointSpec } from '../../http/endpoint';
import { schemasOf } from '../../resources/endpoint';
import { isPlatformOperator } from '../../resources/scope';
import { fail } from '../../http/errors';

interface NicRow {
  id: number;
  host: string;
  name: string;
  family: string;
  address: string;
  netmask: string;
  mac: string;
  internal: boolean;
}

/** The answering server's interfaces, read live (nothing to store: they belong to the process's machine). */
function interfaces(): NicRow[] {
  const host = hostname();
  const rows: NicRow[] = [];
  for (const [name, addrs] of Object.entries(networkInterfaces())) {
    for (const a of addrs ?? []) {
      rows.push({ id: 0, host, name, family: a.family, address: a.address, netmask: a.netmask, mac: a.mac, internal: a.internal });
    }
  }
  return rows;
}

export const nicEndpoint: EndpointSpec = {
  path: nicResource.path,
  methods: {
    list: method({
      access: permissionKey(nicResource, 'list'),
      body: schemasOf(nicResource).list,
      async handler(ctx, raw): Promise<Page<NicRow>> {
        if (!isPlatformOperator(ctx.user())) throw fail.forbidden();
        const input = raw as { page: number; size: number; order?: 'asc' | 'desc' };
        const dir = input.order === 'desc' ? -1 : 1;
        const all = interfaces().sort((a, b) => dir * (a.name.localeCompare(b.name) || a.address.localeCompare(b.address)));
        all.forEach((r, i) => { r.id = i + 1; });
        const start = (input.page - 1) * input.size;
        return { list: all.slice(start, start + input.size), total: all.length, page: input.page, size: input.size };
      },
    }),
  },
};
