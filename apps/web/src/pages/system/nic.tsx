import { nicResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** The nic page: network interfaces of the server answering (read-only). */
export default function NicPage() {
  return <ResourcePage decl={nicResource} />;
}
