import {
  Api,
  md5,
  type DomainConfigDetail,
  type OrganizationOption,
  type PersonalDataDetailAnswer,
  type SuccessionAnswer,
  type Theme,
  type WechatBindData,
} from '@gx/contract';
import { request, requestData } from '../../../api/request';

/** The personal-data endpoint (SPEC §7 "Personal data": ten methods behind the user menu's dialogs). */
const path = Api.shell.personalData;

/** Silent and without the overlay: the layout reads it in the background (profile completeness, organisation). */
export function fetchPersonalDetail(): Promise<PersonalDataDetailAnswer> {
  return requestData<PersonalDataDetailAnswer>(path, { method: 'detail' }, { loading: false, silent: true });
}

/** Multipart: id, nickname, cellphone (unchanged), sex, company_name, and `photo` only when a new file was chosen. */
export function savePersonalData(form: FormData): Promise<{ photo: string }> {
  form.set('method', 'form');
  return requestData<{ photo: string }>(path, form);
}

/** SPEC §5: both passwords leave the browser only as their MD5. */
export function changePassword(id: number, oldPassword: string, newPassword: string): Promise<unknown> {
  return request(path, { method: 'change_password', id, password: md5(oldPassword), new_password: md5(newPassword) });
}

export function fetchWechatBindData(id: number): Promise<WechatBindData> {
  return requestData<WechatBindData>(path, { method: 'we_chart', id });
}

export function unbindWechat(id: number): Promise<unknown> {
  return request(path, { method: 'unbundle', id });
}

/** No overlay: the switch should feel instant; a failure is still reported. */
export function saveTheme(theme: Theme): Promise<unknown> {
  // The page turning dark or light is the confirmation; a toast would only repeat it.
  return request(path, { method: 'set_theme', theme }, { loading: false, quietSuccess: true });
}

export function fetchDomainConfig(domain: string): Promise<DomainConfigDetail> {
  return requestData<DomainConfigDetail>(path, { method: 'domain_config', domain });
}

/** Multipart: icon and home_logo are either a new file or the stored value unchanged. */
export function saveDomainConfig(form: FormData): Promise<DomainConfigDetail> {
  form.set('method', 'domain_config_form');
  return requestData<DomainConfigDetail>(path, form);
}

export function changeOrganization(id: number): Promise<OrganizationOption> {
  return requestData<OrganizationOption>(path, { method: 'organization_change', id });
}

export function resignationSuccession(quitId: number, inheritId: number): Promise<SuccessionAnswer> {
  return requestData<SuccessionAnswer>(path, { method: 'resignation_succession', quit_id: quitId, inherit_id: inheritId });
}
