import {
  onlineRecordResource, quotationResource, workOrderResource, type OnlineTimeline, type OnlineTimelineQuery, type QuotationSheet, type WorkOrderEvent,
} from '@gx/contract';
import { requestData } from '../../api/request';
import type { ExportAnswer } from '../../api/resource';

/** The work-order calls beside the generated resource methods: its timeline, comments and photos. */

export function fetchTimeline(id: number): Promise<WorkOrderEvent[]> {
  return requestData<WorkOrderEvent[]>(workOrderResource.path, { method: 'timeline', id }, { loading: false, quietSuccess: true });
}

export function addComment(id: number, body: string): Promise<unknown> {
  return requestData(workOrderResource.path, { method: 'comment', id, body });
}

/** Multipart: the photo goes through the server's image check (JPEG/PNG by content, under 10 MB). */
export function uploadPhoto(id: number, file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('method', 'attach');
  form.append('id', String(id));
  form.append('file', file, file.name);
  return requestData<{ url: string }>(workOrderResource.path, form);
}

/** The printable sheet of one quotation, as the server computes it. */
export function fetchQuotationSheet(id: number): Promise<QuotationSheet> {
  return requestData<QuotationSheet>(quotationResource.path, { method: 'sheet', id }, { loading: false, quietSuccess: true });
}

/** The same sheet as an .xlsx file, in the reader's language and time zone. */
export function exportQuotationSheet(id: number): Promise<ExportAnswer> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return requestData<ExportAnswer>(quotationResource.path, { method: 'export_sheet', id, tz }, { quietSuccess: true });
}

/** One device's online periods between two instants, clipped to them (the online records' timeline). */
export function fetchOnlineTimeline(query: Omit<OnlineTimelineQuery, 'method'>, signal?: AbortSignal): Promise<OnlineTimeline> {
  return requestData<OnlineTimeline>(onlineRecordResource.path, { method: 'timeline', ...query }, { loading: false, quietSuccess: true, signal });
}
