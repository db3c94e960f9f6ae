import { webmasterResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** The organisation's personnel directory (read-only). */
export default function WebmasterPage() {
  return <ResourcePage decl={webmasterResource} />;
}
