import { cloudAppResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** The catalogue of cloud applications organisations can order. */
export default function CloudAppPage() {
  return <ResourcePage decl={cloudAppResource} />;
}
