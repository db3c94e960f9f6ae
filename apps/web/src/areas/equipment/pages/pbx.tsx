import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the pbx family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function PbxPage() {
  return <FamilyDevicePage page="pbx" />;
}
