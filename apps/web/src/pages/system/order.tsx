import { orderResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** Orders of cloud apps: pending → paid, or pending → cancelled. */
export default function OrderPage() {
  return <ResourcePage decl={orderResource} />;
}
