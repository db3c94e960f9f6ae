import { pluginResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { PluginVersions } from '../widgets/PluginVersions';
import { pluginFamiliesWidget } from '../widgets/PluginFamilies';

const parts: ResourceParts = { widgets: { pluginFamilies: pluginFamiliesWidget }, tabs: { pluginVersions: PluginVersions } };

/** The plugin library: plugins with their families, and in each one's details its versions — uploaded and pushed there. */
export default function PluginLibraryPage() {
  return <ResourcePage decl={pluginResource} parts={parts} />;
}
