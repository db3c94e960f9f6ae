import { Api, type MyOrganization, type OrganizationOption } from '@gx/contract';
import { requestData } from '../../../api/request';

/** Organisation self-service from the navbar drawer (SPEC §7 "Organisation endpoint"). */
const path = Api.shell.organization;

export function fetchMyOrganizations(): Promise<MyOrganization[]> {
  return requestData<{ list: MyOrganization[] }>(path, { method: 'mine' }, { loading: false, silent: true }).then((d) => d.list);
}

export function joinOrganization(code: string): Promise<OrganizationOption> {
  return requestData<OrganizationOption>(path, { method: 'join', code: code.trim() });
}

export function createOrganization(name: string): Promise<OrganizationOption> {
  return requestData<OrganizationOption>(path, { method: 'form', name: name.trim() });
}
