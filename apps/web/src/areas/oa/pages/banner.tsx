import { websiteBannerResource } from '@gx/contract';
import { WebsiteSectionPage } from '../website/WebsiteSectionPage';

/** Operations → the website's banner section, with its preview. */
export default function BannerPage() {
  return <WebsiteSectionPage decl={websiteBannerResource} />;
}
