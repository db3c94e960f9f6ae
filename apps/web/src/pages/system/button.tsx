import { buttonResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** Operation keys (btnlist): the buttons roles grant; built-in keys come from the server's endpoints. */
export default function ButtonPage() {
  return <ResourcePage decl={buttonResource} />;
}
