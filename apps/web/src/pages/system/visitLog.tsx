import { visitLogResource } from '@gx/contract';
import { ResourcePage } from '../../resources/ResourcePage';

/** Sign-in sessions of the organisation's members; a session can be ended from here. */
export default function VisitLogPage() {
  return <ResourcePage decl={visitLogResource} />;
}
