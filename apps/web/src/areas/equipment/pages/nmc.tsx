import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the nmc family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function NmcPage() {
  return <FamilyDevicePage page="nmc" />;
}
