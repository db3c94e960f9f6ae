import { websiteInformationResource } from '@gx/contract';
import { WebsiteSectionPage } from '../website/WebsiteSectionPage';

/** Operations → the website's information section, with its preview. */
export default function InformationPage() {
  return <WebsiteSectionPage decl={websiteInformationResource} />;
}
