import { websiteTechnicalResource } from '@gx/contract';
import { WebsiteSectionPage } from '../website/WebsiteSectionPage';

/** Operations → the website's technical section, with its preview. */
export default function TechnicalPage() {
  return <WebsiteSectionPage decl={websiteTechnicalResource} />;
}
