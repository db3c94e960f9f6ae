import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the olt family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function OltPage() {
  return <FamilyDevicePage page="olt" />;
}
