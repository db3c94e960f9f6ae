import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the cloudScreen family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function CloudScreenPage() {
  return <FamilyDevicePage page="cloudScreen" />;
}
