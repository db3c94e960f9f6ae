import { websiteSchemeResource } from '@gx/contract';
import { WebsiteSectionPage } from '../website/WebsiteSectionPage';

/** Operations → the website's scheme section, with its preview. */
export default function SchemePage() {
  return <WebsiteSectionPage decl={websiteSchemeResource} />;
}
