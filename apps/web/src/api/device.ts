import { requestData } from './request';
import { deviceCommandResource, deviceResource, deviceWarehouseResource, type ExportAnswer } from '@gx/contract';

/** One command per device: by ids, or every device matching a filter. */
export interface SendCommand {
  ids?: number[];
  filter?: { family?: string; online?: 0 | 1 };
  name: string;
  params: Record<string, unknown>;
}

export interface SentCommands {
  batch: string;
  list: { id: number; device_id: number; serial: string; state: string }[];
}

export function sendCommand(body: SendCommand): Promise<SentCommands> {
  return requestData<SentCommands>(deviceCommandResource.path, { method: 'send', ...body });
}

/** A claim waiting for review. */
export interface Claim { id: number; serial: string; family: string; state: string }

/** Claims a unit from the warehouse for the current organisation (serial + authorization number). */
export function claimDevice(body: { serial: string; authorization_number: string }): Promise<Claim> {
  return requestData<Claim>(deviceResource.path, { method: 'claim', ...body });
}

/** The provisioning CSV (`serial,secret,family,model`) of units in stock, by ids or batch; secrets are new. */
export function provisioningCsv(body: { ids: number[] } | { batch: string }): Promise<ExportAnswer> {
  return requestData<ExportAnswer>(deviceWarehouseResource.path, { method: 'provisioning', ...body });
}

/** New authorization numbers for units in stock. */
export function newAuthorizationNumbers(ids: number[]): Promise<{ list: { id: number; serial: string; authorization_number: string }[] }> {
  return requestData(`${deviceWarehouseResource.path}/authorization_number`, { method: 'generate', ids });
}
