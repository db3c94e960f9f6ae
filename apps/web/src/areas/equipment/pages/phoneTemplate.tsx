import { phoneTemplateResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { TemplateDevicesTab } from '../widgets/TemplateDevicesTab';
import { configVariablesWidget } from '../widgets/ConfigVariablesEditor';
import { TemplateTools } from '../widgets/TemplateTools';

const parts: ResourceParts = {
  widgets: { configVariables: configVariablesWidget },
  tabs: { templateDevices: TemplateDevicesTab },
  header: <TemplateTools decl={phoneTemplateResource} />,
};

/**
 * Phone templates: made from the declaration's form; "apply to devices" pushes one; the details show each device's sync state live;
 * the toolbar previews a device's resolved configuration and edits the organisation's variables.
 */
export default function PhoneTemplatePage() {
  return <ResourcePage decl={phoneTemplateResource} parts={parts} />;
}
