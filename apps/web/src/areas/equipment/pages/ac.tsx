import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the ac family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function AcPage() {
  return <FamilyDevicePage page="ac" />;
}
