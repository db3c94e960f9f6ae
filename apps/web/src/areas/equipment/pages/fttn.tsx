import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the fttn family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function FttnPage() {
  return <FamilyDevicePage page="fttn" />;
}
