import { describe, expect, it } from 'vitest';
import type { DialogName } from '../store/dialogs';
import { dialogNameOf, dialogNames } from './dialogRegistry';

/** Every dialog name widgets may open (typed by store/dialogs.ts: the compiler keeps this list complete). */
const OPENABLE: Record<DialogName, true> = {
  personalData: true, changePassword: true, pageConfig: true, succession: true, joinOrganization: true,
  createOrganization: true, organizations: true, suggestion: true, notifications: true, notificationDetail: true,
};

describe('shell dialog registry', () => {
  it('names a dialog by its file', () => {
    expect(dialogNameOf('../areas/profile/dialogs/ChangePasswordDialog.tsx')).toBe('changePassword');
    expect(dialogNameOf('../areas/organization/dialogs/OrganizationsDrawer.tsx')).toBe('organizations');
  });

  it('has a file for every dialog a widget can open, and no file that none opens', () => {
    expect([...dialogNames].sort()).toEqual(Object.keys(OPENABLE).sort());
  });
});
