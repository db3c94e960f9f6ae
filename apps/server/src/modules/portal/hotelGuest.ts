import { bigserial, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { portalHotelGuestResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { normaliseRoom } from '../../providers/pms/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** A stay of the organisation's own guest directory: the local PMS that account sign-in asks (providers/pms/local.ts). */
export const portalHotelGuests = pgTable('portal_hotel_guests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** '' = every place of the organisation. */
  place: text('place').notNull().default(''),
  /** Stored normalised (upper case, no spaces), as guests' typing is compared. */
  room: text('room').notNull(),
  surname: text('surname').notNull(),
  guestName: text('guest_name').notNull().default(''),
  checkIn: ts('check_in').notNull(),
  checkOut: ts('check_out').notNull(),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('portal_hotel_guests_org_room_idx').on(t.orgId, t.room),
  index('portal_hotel_guests_org_check_in_idx').on(t.orgId, t.checkIn),
  index('portal_hotel_guests_org_check_out_idx').on(t.orgId, t.checkOut),
  prefixIdx('portal_hotel_guests_surname_prefix_idx', t.surname),
]);

/** The room as guests' typing is compared; check-out after check-in. */
function checkStay(input: Input, values: ColumnValues, before?: WireRow): void {
  if (typeof input.room === 'string') {
    const room = normaliseRoom(input.room);
    if (!room) throw fail.validation('room', 'validation.required');
    values.room = room;
  }
  if (typeof input.surname === 'string') values.surname = input.surname.trim().replace(/\s+/g, ' ');
  const pick = (k: string) => (input[k] !== undefined ? input[k] : before?.[k]);
  const checkIn = new Date(String(pick('check_in')));
  const checkOut = new Date(String(pick('check_out')));
  if (checkOut.getTime() <= checkIn.getTime()) throw fail.validation('check_out', 'validation.checkOutAfterIn');
}

export const portalHotelGuestBinding = defineResource({
  decl: portalHotelGuestResource,
  table: portalHotelGuests,
  tenant: { kind: 'column', column: portalHotelGuests.orgId },
  hooks: {
    async beforeAdd(_ctx, _exec, input, values) {
      checkStay(input, values);
    },
    async beforeUpdate(_ctx, _exec, _id, input, values, before) {
      checkStay(input, values, before);
    },
  },
});
