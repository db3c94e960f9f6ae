import { websiteCaseResource } from '@gx/contract';
import { WebsiteSectionPage } from '../website/WebsiteSectionPage';

/** Operations → the website's case section, with its preview. */
export default function CasePage() {
  return <WebsiteSectionPage decl={websiteCaseResource} />;
}
