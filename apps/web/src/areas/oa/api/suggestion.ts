import { Api } from '@gx/contract';
import { requestData } from '../../../api/request';

/** The complaints/suggestions dialog (SPEC §7 "Suggestion endpoint"). */
export function sendSuggestion(content: string): Promise<{ id: number }> {
  return requestData<{ id: number }>(Api.shell.suggestion, { method: 'form', content });
}
