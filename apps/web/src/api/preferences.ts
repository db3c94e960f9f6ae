import { Api, type ColumnPrefs, type Preferences } from '@gx/contract';
import { request, requestData } from './request';

const path = Api.shell.personalData;

/** The signed-in user's preferences (column settings per list), kept on the server so they follow the user. */
export function fetchPreferences(): Promise<Preferences> {
  return requestData<Preferences>(path, { method: 'preferences' }, { loading: false, silent: true });
}

/** Saves (or, with null, forgets) one preference; the change shows on the page, so success says nothing. */
export function savePreference(key: string, value: ColumnPrefs | null): Promise<unknown> {
  return request(path, { method: 'set_preference', key, value }, { loading: false, quietSuccess: true });
}
