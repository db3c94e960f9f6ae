import { z } from 'zod';
import {
  Api, changePasswordBody, organizationChangeBody, resignationSuccessionBody, setPreferenceBody, setThemeBody, zId,
} from '@gx/contract';
import { closedBody, method, noInput, type EndpointSpec } from '../../http/endpoint';
import { assertOwnId } from './ownProfile';
import { personalDetail } from './detail';
import { personalFormBody, savePersonalForm } from './form';
import { changePassword } from './changePassword';
import { setTheme } from './theme';
import { readPreferences, setPreference } from './preferences';
import { changeOrganization } from './organizationChange';
import { domainConfigBody, domainConfigFormWithImages, readDomainConfig, saveDomainConfig } from './domainConfig';
import { resignationSuccession } from './succession';
import { unbundle, wechatBindData } from './wechat';

const ownId = z.object({ id: zId });

/** SPEC §7 personal data: the ten methods behind the user menu's dialogs, plus the user's own preferences. */
export const personalDataEndpoint: EndpointSpec = {
  path: Api.shell.personalData,
  methods: {
    detail: method({ access: 'user', body: noInput('detail'), handler: (ctx) => personalDetail(ctx) }),
    form: method({ access: 'user', body: closedBody(personalFormBody, 'form'), handler: savePersonalForm }),
    // Outside the endpoint's transaction: a wrong original password must still count as a failed attempt.
    change_password: method({ access: 'user', body: closedBody(changePasswordBody, 'change_password'), transactional: false, handler: changePassword }),
    // Read-only in the console's sense (no success toast) but it stores a state, so it is not logged as a change.
    we_chart: method({
      access: 'user',
      body: closedBody(ownId, 'we_chart'),
      handler: async (ctx, input) => {
        assertOwnId(ctx, input.id);
        return wechatBindData(ctx);
      },
    }),
    unbundle: method({
      access: 'user',
      body: closedBody(ownId, 'unbundle'),
      handler: async (ctx, input) => {
        assertOwnId(ctx, input.id);
        return unbundle(ctx);
      },
    }),
    set_theme: method({ access: 'user', body: closedBody(setThemeBody, 'set_theme'), handler: setTheme }),
    // A list's column settings, per user (the console keeps a copy in the browser only to paint without waiting).
    preferences: method({ access: 'user', body: noInput('preferences'), readOnly: true, handler: (ctx) => readPreferences(ctx) }),
    set_preference: method({
      access: 'user', body: closedBody(setPreferenceBody, 'set_preference'), handler: setPreference,
      fieldLabels: { key: { zh_CN: '设置项', en: 'Setting' }, value: { zh_CN: '设置值', en: 'Value' } },
    }),
    domain_config: method({ access: 'system.domain_config.detail', body: closedBody(domainConfigBody, 'domain_config'), handler: readDomainConfig }),
    domain_config_form: method({ access: 'system.domain_config.form', body: closedBody(domainConfigFormWithImages, 'domain_config_form'), handler: saveDomainConfig }),
    organization_change: method({ access: 'user', body: closedBody(organizationChangeBody, 'organization_change'), handler: changeOrganization }),
    resignation_succession: method({
      access: 'system.user.succession', body: closedBody(resignationSuccessionBody, 'resignation_succession'), handler: resignationSuccession,
      grantLike: { from: 'quit_id', to: 'inherit_id' },
    }),
  },
};
