import { marketingArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';

/**
 * Marketing (SPEC §1): prize draws and their winners and invitation statistics (pages of the oa section, SPEC §2),
 * and the marketing section's packages, operating unit prices and operation orders.
 */
export const marketingArea = defineServerArea({
  key: 'marketing',
  manifest,
});
