import { apTemplateResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { apRadio24Widget, apRadio5Widget, apSsidsWidget } from '../widgets/ApTemplateEditor';
import { TemplateDevicesTab } from '../widgets/TemplateDevicesTab';
import { configVariablesWidget } from '../widgets/ConfigVariablesEditor';
import { TemplateTools } from '../widgets/TemplateTools';

const parts: ResourceParts = {
  widgets: { apSsids: apSsidsWidget, apRadio24: apRadio24Widget, apRadio5: apRadio5Widget, configVariables: configVariablesWidget },
  tabs: { templateDevices: TemplateDevicesTab },
  header: <TemplateTools decl={apTemplateResource} />,
};

/**
 * AP templates: SSIDs and radios in structured editors; "apply to devices" pushes one; the details show each device's sync state live;
 * the toolbar previews a device's resolved configuration and edits the organisation's variables.
 */
export default function ApTemplatePage() {
  return <ResourcePage decl={apTemplateResource} parts={parts} />;
}
