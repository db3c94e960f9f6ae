import { FamilyDevicePage } from '../family/FamilyDevicePage';

/** Equipment → the voiceGateway family page: one entry of `FAMILY_PAGES` rendered by the shared family page. */
export default function VoiceGatewayPage() {
  return <FamilyDevicePage page="voiceGateway" />;
}
