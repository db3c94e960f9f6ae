import { deviceGroupResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { configVariablesWidget } from '../widgets/ConfigVariablesEditor';

const parts: ResourceParts = { widgets: { configVariables: configVariablesWidget } };

/**
 * Device groups: the declaration's list and form, with the group variables edited as name/value rows (the same
 * editor as a device's), between the device's own and the organisation's in precedence.
 */
export default function DeviceGroupPage() {
  return <ResourcePage decl={deviceGroupResource} parts={parts} />;
}
