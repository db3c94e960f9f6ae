import { webmasterResource } from '@gx/contract';
import { users } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { memberOf } from './membership';
import { roleIdsOfRow } from './user';

/** The organisation's personnel directory, read-only; the shell's personnel picker shares the path. */
export const webmasterBinding = defineResource({
  decl: webmasterResource,
  table: users,
  tenant: { kind: 'custom', where: (orgId) => memberOf(users.id, orgId) },
  virtual: { role_ids: { select: roleIdsOfRow } },
});
