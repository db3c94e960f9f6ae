import { describe, expect, it } from 'vitest';
import { operationText, resourceOfAction } from './operationText';

const none = () => undefined;

describe('operation-log actions as people read them', () => {
  it('a resource method reads "resource · action"', () => {
    expect(operationText('/admin/system/user#add', 'en', none)).toBe('Users · Add');
    expect(operationText('/admin/system/role#disable', 'zh_CN', none)).toBe('角色管理 · 停用');
  });

  it('the alias paths of SPEC §7 read like their method', () => {
    expect(operationText('/admin/system/user/remove#default', 'en', none)).toBe('Users · Delete');
    expect(resourceOfAction('/admin/system/user/add#default')?.method).toBe('add');
  });

  it('sign-in and sign-out use the console texts; unknown actions stay raw', () => {
    expect(operationText('login', 'en', (k) => (k === 'resource.log.login' ? 'Signed in' : undefined))).toBe('Signed in');
    expect(operationText('/admin/system/personal_data#form', 'en', none)).toBe('/admin/system/personal_data#form');
  });
});
