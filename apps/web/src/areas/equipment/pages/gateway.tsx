import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the gateway family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function GatewayPage() {
  return <FamilyDevicePage page="gateway" />;
}
