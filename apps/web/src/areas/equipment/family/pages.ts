import { FAMILY_PAGE_KEYS, familyResourceKey, type FamilyPageKey } from '@gx/contract';

/** The family page a family device list belongs to (by its resource key). */
export function pageOfResource(resourceKey: string): FamilyPageKey | undefined {
  return FAMILY_PAGE_KEYS.find((k) => familyResourceKey(k) === resourceKey);
}
