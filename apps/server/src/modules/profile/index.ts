import { z } from 'zod';
import {
  Api, changePasswordBody, organizationChangeBody, resignationSuccessionBody, setThemeBody, zId,
} from '@gx/contract';
import { method, type EndpointSpec } from '../../http/endpoint';
import { assertOwnId } from './ownProfile';
import { personalDetail } from './detail';
import { personalFormBody, savePersonalForm } from './form';
import { changePassword } from './changePassword';
import { setTheme } from './theme';
import { changeOrganization } from './organizationChange';
import { domainConfigBody, domainConfigFormWithImages, readDomainConfig, saveDomainConfig } from './domainConfig';
import { resignationSuccession } from './succession';
import { unbundle, wechatBindData } from './wechat';

const ownId = z.object({ id: zId });

/** SPEC §7 personal data: the ten methods behind the user menu's dialogs. */
export const personalDataEndpoint: EndpointSpec = {
  path: Api.shell.personalData,
  methods: {
    detail: method({ access: 'user', body: z.object({}).passthrough(), handler: (ctx) => personalDetail(ctx) }),
    form: method({ access: 'user', body: personalFormBody, handler: savePersonalForm }),
    // Outside the endpoint's transaction: a wrong original password must still count as a failed attempt.
    change_password: method({ access: 'user', body: changePasswordBody, transactional: false, handler: changePassword }),
    // Read-only in the console's sense (no success toast) but it stores a state, so it is not logged as a change.
    we_chart: method({
      access: 'user',
      body: ownId,
      handler: async (ctx, input) => {
        assertOwnId(ctx, input.id);
        return wechatBindData(ctx);
      },
    }),
    unbundle: method({
      access: 'user',
      body: ownId,
      handler: async (ctx, input) => {
        assertOwnId(ctx, input.id);
        return unbundle(ctx);
      },
    }),
    set_theme: method({ access: 'user', body: setThemeBody, handler: setTheme }),
    domain_config: method({ access: 'system.domain_config.detail', body: domainConfigBody, handler: readDomainConfig }),
    domain_config_form: method({ access: 'system.domain_config.form', body: domainConfigFormWithImages, handler: saveDomainConfig }),
    organization_change: method({ access: 'user', body: organizationChangeBody, handler: changeOrganization }),
    resignation_succession: method({ access: 'system.user.succession', body: resignationSuccessionBody, handler: resignationSuccession }),
  },
};
