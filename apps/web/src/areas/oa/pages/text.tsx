import { websiteTextResource } from '@gx/contract';
import { WebsiteSectionPage } from '../website/WebsiteSectionPage';

/** Operations → the website's text section, with its preview. */
export default function TextPage() {
  return <WebsiteSectionPage decl={websiteTextResource} />;
}
