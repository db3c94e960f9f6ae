import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the ap family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function ApPage() {
  return <FamilyDevicePage page="ap" />;
}
