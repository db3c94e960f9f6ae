import { websiteAdvertiseResource } from '@gx/contract';
import { WebsiteSectionPage } from '../website/WebsiteSectionPage';

/** Operations → the website's advertise section, with its preview. */
export default function AdvertisePage() {
  return <WebsiteSectionPage decl={websiteAdvertiseResource} />;
}
