import { Api, type PersonnelSelectAnswer } from '@gx/contract';
import { requestData } from '../../../api/request';

/** Employee picker (SPEC §5): the first 50 members matching `keyword` by name; `more` asks the user to refine. */
export function searchPersonnel(keyword: string, signal?: AbortSignal): Promise<PersonnelSelectAnswer> {
  return requestData<PersonnelSelectAnswer>(
    Api.shell.webmaster,
    { method: 'form_select', keyword: keyword.trim() },
    { loading: false, ...(signal ? { signal } : {}) },
  );
}
