import { unitResource } from '@gx/contract';
import { units } from '../../db/schema';
import { defineResource } from '../../resources/define';

/** Departments: the parent and the head must be the organisation's own (checked as references). */
export const unitBinding = defineResource({ decl: unitResource, table: units, tenant: { kind: 'column', column: units.orgId } });
