import { businessArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { registerTimedTaskRunner } from './timedTaskPlugin';

/**
 * Business (SPEC §2): work orders with their flow and timeline, project teams, project phone books, timed tasks and
 * their runs (bindings collected from the folder); the plugin runs due timed tasks.
 */
export const businessArea = defineServerArea({ key: 'business', manifest, plugin: registerTimedTaskRunner });
