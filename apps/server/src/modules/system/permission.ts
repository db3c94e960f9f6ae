import { permissionResource } from '@gx/contract';
import { menus } from '../../db/schema';
import { defineResource } from '../../resources/define';

/** The menu tree, platform-wide. A menu with children cannot be removed; a menu cannot move under itself. */
export const permissionBinding = defineResource({
  decl: permissionResource,
  table: menus,
  tenant: { kind: 'platform' },
});
