import { websiteConfigResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** Branding per domain (SPEC §2 website config): title, icon, logo, company and service telephone. */
export default function WebsiteConfigPage() {
  return <ResourcePage decl={websiteConfigResource} />;
}
