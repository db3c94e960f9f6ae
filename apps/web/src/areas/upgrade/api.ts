import {
  campaignResource, firmwareResource, type CampaignBatch, type CampaignMinute, type CampaignTargetRow, type CampaignTotals, type TargetState,
} from '@gx/contract';
import { requestData } from '../../api/request';

/** The upgrade calls beside the generated resource methods. */

export interface FirmwareUpload {
  version: string;
  family: string;
  kind: string;
  models: string;
  min_version: string;
  notes: string;
  notes_en: string;
  file: File;
}

/** Uploads a package as multipart; the server answers its size and SHA-256. */
export function uploadFirmware(v: FirmwareUpload): Promise<{ id: number; sha256: string; size: number }> {
  const form = new FormData();
  form.append('method', 'upload');
  // The fields before the file: the server reads them while the file streams to disk.
  for (const k of ['version', 'family', 'kind', 'models', 'min_version', 'notes', 'notes_en'] as const) form.append(k, v[k]);
  form.append('file', v.file, v.file.name);
  return requestData(firmwareResource.path, form);
}

export interface CampaignTargets {
  list: CampaignTargetRow[]; total: number; page: number; size: number; totals: CampaignTotals; batches: CampaignBatch[]; minutes: CampaignMinute[];
}

export function fetchCampaignTargets(id: number, page: number, size: number, state?: TargetState): Promise<CampaignTargets> {
  return requestData<CampaignTargets>(campaignResource.path, { method: 'targets', id, page, size, ...(state ? { state } : {}) }, { loading: false, quietSuccess: true });
}

/** Whether the organisation requires a second person's approval of new campaigns. */
export function fetchApprovalSetting(): Promise<{ campaign_approval: 0 | 1 }> {
  return requestData(campaignResource.path, { method: 'approval_setting' }, { loading: false, quietSuccess: true });
}

export function saveApprovalSetting(on: boolean): Promise<{ campaign_approval: 0 | 1 }> {
  return requestData(campaignResource.path, { method: 'set_approval_setting', campaign_approval: on ? 1 : 0 });
}
