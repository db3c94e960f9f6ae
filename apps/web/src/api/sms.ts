import { Api, MAX_PAGE_SIZE, type Page, type SmsTemplate } from '@gx/contract';
import { requestData } from './request';

/** SMS templates of the current organisation: the page configuration's template options (SPEC §3). */
export function fetchSmsTemplates(): Promise<SmsTemplate[]> {
  return requestData<Page<SmsTemplate>>(Api.shell.smsConfig, { method: 'list', page: 1, size: MAX_PAGE_SIZE }, { loading: false, silent: true }).then(
    (d) => d.list,
  );
}
