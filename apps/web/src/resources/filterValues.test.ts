import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { userResource } from '@gx/contract';
import { filterBody } from './filterValues';

describe('filter bar → list body', () => {
  it('sends only filled filters, trimmed, with the keyword', () => {
    expect(filterBody(userResource, { username: ' ad ', cellphone: '', status: 0, keyword: ' x ' })).toEqual({ username: 'ad', status: 0, keyword: 'x' });
  });

  it('a date range covers whole days as <field>_from and <field>_to', () => {
    const body = filterBody(userResource, { created_at: [dayjs('2025-03-01T15:00:00'), dayjs('2025-03-02T08:00:00')] });
    expect(body.created_at_from).toBe(dayjs('2025-03-01T00:00:00').toISOString());
    expect(body.created_at_to).toBe(dayjs('2025-03-02T23:59:59.999').toISOString());
  });

  it('a half-open range sends one bound', () => {
    expect(filterBody(userResource, { created_at: [dayjs('2025-03-01'), null] })).toEqual({ created_at_from: dayjs('2025-03-01').startOf('day').toISOString() });
  });
});
