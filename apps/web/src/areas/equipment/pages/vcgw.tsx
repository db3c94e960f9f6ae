import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the vcgw family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function VcgwPage() {
  return <FamilyDevicePage page="vcgw" />;
}
