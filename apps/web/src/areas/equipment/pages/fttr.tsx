import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the fttr family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function FttrPage() {
  return <FamilyDevicePage page="fttr" />;
}
