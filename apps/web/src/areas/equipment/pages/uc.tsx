import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the uc family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function UcPage() {
  return <FamilyDevicePage page="uc" />;
}
