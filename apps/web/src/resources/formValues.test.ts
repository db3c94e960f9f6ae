import { describe, expect, it } from 'vitest';
import { md5, postResource, roleResource, tutorialResource, userResource } from '@gx/contract';
import { formFields, initialValues, toBody } from './formValues';

describe('form values ↔ request body', () => {
  it('the add form shows the declared layout; the edit form leaves out add-only fields', () => {
    expect(formFields(userResource, 'add')).toEqual(['username', 'password', 'nickname', 'sex', 'cellphone', 'email', 'company_name', 'role_ids']);
    expect(formFields(userResource, 'update')).toEqual(['nickname', 'sex', 'cellphone', 'email', 'company_name', 'role_ids']);
  });

  it('a new row starts with the declared defaults', () => {
    // Nobody is male by default: a new account's gender is "not specified" until chosen.
    expect(initialValues(userResource, 'add')).toEqual({ sex: 2, role_ids: [] });
  });

  it('the password goes as the MD5 hex of what was typed, text trimmed, blanks left out', () => {
    const body = toBody(userResource, { username: ' clerk ', password: 'Clerk@123', nickname: '', sex: 0, role_ids: [2] }, 'add');
    expect(body).toEqual({ username: 'clerk', password: md5('Clerk@123'), sex: 0, role_ids: [2] });
  });

  it('on update a cleared text is sent as empty, so clearing is a change', () => {
    const body = toBody(userResource, { nickname: '', sex: 1, cellphone: '13800138000', email: undefined, company_name: 'ACME', role_ids: [] }, 'update');
    expect(body).toEqual({ nickname: '', sex: 1, cellphone: '13800138000', email: '', company_name: 'ACME', role_ids: [] });
  });

  it('a write-only reference left empty on update is not sent as a change', () => {
    const body = toBody(roleResource, { name: 'Clerk', remark: '', menu_ids: [1], button_ids: [], authority_group_id: undefined }, 'update');
    expect(body).not.toHaveProperty('authority_group_id');
    expect(body).toMatchObject({ name: 'Clerk', menu_ids: [1], button_ids: [] });
  });

  it('a rich-text body goes as the HTML the editor wrote, and an emptied one as empty on update', () => {
    expect(toBody(tutorialResource, { title: 'Setup', body: '<h2>Step 1</h2><p>Plug it in.</p>' }, 'add')).toMatchObject({ body: '<h2>Step 1</h2><p>Plug it in.</p>' });
    expect(toBody(tutorialResource, { title: 'Setup', body: '' }, 'update')).toMatchObject({ body: '' });
  });

  it('the small form of an action sends only its own fields (a moderation reason)', () => {
    const reject = postResource.actions?.find((a) => a.name === 'reject');
    expect(toBody(postResource, { reason: ' Advertising ' }, 'add', reject?.fields)).toEqual({ reason: 'Advertising' });
  });
});
