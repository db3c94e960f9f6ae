import { businessArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { projectCollaborationEndpoint } from './projectCollaboration';
import { registerPluginDownload } from './pluginDownload';
import { registerProgrammeStream } from './programmeStreamRunner';
import { registerTimedTaskRunner } from './timedTaskPlugin';
import { publicWorkOrderEndpoint, publicWorkOrderStatusEndpoint } from './workOrderPublic';

/**
 * Business (SPEC §2): work orders with their flow and timeline (and the public page's submissions), project teams
 * (and `/ProjectCollaboration`'s answers to their invitations), project phone books, timed tasks and their runs
 * (bindings collected from the folder); the plugin runs due timed tasks.
 */
export const businessArea = defineServerArea({
  key: 'business', manifest, endpoints: [publicWorkOrderEndpoint, publicWorkOrderStatusEndpoint, projectCollaborationEndpoint], plugin: (app, deps) => {
    registerTimedTaskRunner(app, deps);
    // Switches screens as programme stream entries start and end.
    registerProgrammeStream(app, deps);
    // Devices download pushed plugin versions here.
    registerPluginDownload(app, deps);
  },
});
