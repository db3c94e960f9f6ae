import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select } from 'antd';
import { validOrFocusFirst } from '../../../resources/validateForm';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HTTP_LINK_RE, type DomainConfigDetail } from '@gx/contract';
import { toast } from '../../../api/feedback';
import { fetchDomainConfig, saveDomainConfig } from '../api/profile';
import { useSmsTemplates } from '../../../api/queries';
import { useCan } from '../../../components/Can';
import { DebouncedButton } from '../../../components/DebouncedButton';
import { useUserStore } from '../../../store/user';
import { ImageField, type ImageValue } from '../widgets/ImageField';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { useCloseAndReloadProfile } from '../useReloadProfile';

interface Values {
  home_title: string;
  icon: ImageValue;
  home_logo: ImageValue;
  company: string;
  company_url: string;
  telephone: string;
  msg_id: string;
}

/** SPEC §9 recommended sizes, shown as the preview boxes' proportions. */
const ICON_PREVIEW = { width: 48, height: 48 };
const LOGO_PREVIEW = { width: 317, height: 85 };

function toValues(c: DomainConfigDetail): Values {
  return {
    home_title: c.home_title,
    icon: { url: c.iconurl || c.icon },
    home_logo: { url: c.logourl || c.home_logo },
    company: c.company,
    company_url: c.company_url,
    telephone: c.telephone,
    msg_id: c.msg_id,
  };
}

const hasImage = (v: ImageValue | undefined) => Boolean(v?.file || v?.url);

/**
 * Page configuration of a custom-domain deployment (SPEC §2, §5): every field but the SMS template is required and
 * checked when left; icon and logo are JPEG/PNG under 10 MB. Saving reloads the page so the new branding shows
 * everywhere; a refused save closes the dialog and reloads the profile (SPEC §4).
 */
export default function PageConfigDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const can = useCan();
  const domain = useUserStore((s) => s.domaindata?.domain ?? '');
  const config = useQuery({ queryKey: ['domainConfig', domain], queryFn: () => fetchDomainConfig(domain), enabled: open && domain !== '', staleTime: 0 });
  const templates = useSmsTemplates(open && can('portal.sms.list'));
  const failed = useCloseAndReloadProfile(onClose);

  useEffect(() => {
    if (open && config.data) form.setFieldsValue(toValues(config.data));
  }, [open, config.data, form]);

  const submit = async () => {
    const values = await validOrFocusFirst(form);
    if (!values) {
      toast('error', t('validation.required'));
      return;
    }
    const body = new FormData();
    body.set('domain', domain);
    body.set('home_title', values.home_title.trim());
    body.set('company', values.company.trim());
    body.set('company_url', values.company_url.trim());
    body.set('telephone', values.telephone.trim());
    body.set('msg_id', values.msg_id ?? '');
    for (const key of ['icon', 'home_logo'] as const) {
      const image = values[key];
      if (image.file) body.set(key, image.file, image.file.name);
      else body.set(key, image.url);
    }
    setSaving(true);
    try {
      await saveDomainConfig(body);
      location.reload();
    } catch {
      setSaving(false);
      failed();
    }
  };

  const required = (message: string) => ({ required: true, whitespace: true, message: t(message) });
  const imageRequired = (message: string) => ({
    validator: (_: unknown, v: ImageValue | undefined) => (hasImage(v) ? Promise.resolve() : Promise.reject(new Error(t(message)))),
  });

  return (
    <Modal
      open={open}
      title={t('pageConfig.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <DebouncedButton key="submit" type="primary" loading={saving} disabled={!config.data} onClick={() => void submit()} data-testid="page-config-submit">
          {t('profile.save')}
        </DebouncedButton>,
      ]}
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="page-config-form">
        <Form.Item name="icon" label={t('pageConfig.icon')} rules={[imageRequired('validation.iconRequired')]} validateTrigger="onChange">
          <ImageField chooseText={t('pageConfig.upload')} hint={t('pageConfig.iconHint')} preview={ICON_PREVIEW} alt={t('pageConfig.icon')} testId="page-config-icon" />
        </Form.Item>
        <Form.Item name="home_title" label={t('pageConfig.homeTitle')} rules={[required('validation.titleRequired')]}>
          <Input maxLength={64} placeholder={t('pageConfig.homeTitlePlaceholder')} data-testid="page-config-title" />
        </Form.Item>
        <Form.Item name="home_logo" label={t('pageConfig.logo')} rules={[imageRequired('validation.logoRequired')]} validateTrigger="onChange">
          <ImageField chooseText={t('pageConfig.upload')} hint={t('pageConfig.logoHint')} preview={LOGO_PREVIEW} alt={t('pageConfig.logo')} testId="page-config-logo" />
        </Form.Item>
        <Form.Item name="company" label={t('pageConfig.company')} rules={[required('validation.companyRequired')]}>
          <Input maxLength={128} placeholder={t('pageConfig.companyPlaceholder')} data-testid="page-config-company" />
        </Form.Item>
        <Form.Item
          name="company_url"
          label={t('pageConfig.companyUrl')}
          rules={[required('validation.companyUrlRequired'), { pattern: HTTP_LINK_RE, message: t('validation.httpLink') }]}
        >
          <Input maxLength={2048} placeholder={t('pageConfig.companyUrlPlaceholder')} data-testid="page-config-company-url" />
        </Form.Item>
        <Form.Item name="telephone" label={t('pageConfig.telephone')} rules={[required('validation.telephoneRequired')]}>
          <Input maxLength={32} placeholder={t('pageConfig.telephonePlaceholder')} data-testid="page-config-telephone" />
        </Form.Item>
        <Form.Item name="msg_id" label={t('pageConfig.smsTemplate')}>
          <Select
            data-testid="page-config-sms"
            options={[
              { value: '', label: t('pageConfig.smsTemplateNone') },
              ...(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
