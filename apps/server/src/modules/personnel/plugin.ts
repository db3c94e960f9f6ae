import { defineServerArea } from '../../http/area';
import { personnelSelectEndpoint } from './formSelect';

/** The personnel picker the shell's dialogs use. */
export const personnelArea = defineServerArea({ key: 'personnel', endpoints: [personnelSelectEndpoint] });
