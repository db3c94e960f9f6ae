import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../../../resources/fieldText';
import { validOrFocusFirst } from '../../../resources/validateForm';
import { useTranslation } from 'react-i18next';
import type { PersonalDetail } from '@gx/contract';
import { toast } from '../../../api/feedback';
import { savePersonalData } from '../api/profile';
import { queryKeys, useProfile } from '../../../api/queries';
import { DebouncedButton } from '../../../components/DebouncedButton';
import { useUserStore } from '../../../store/user';
import { ImageField, type ImageValue } from '../widgets/ImageField';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { WechatBinding } from '../widgets/WechatBinding';
import '../../../components/dialog/dialog.css';

interface Values {
  nickname: string;
  sex: 0 | 1 | 2;
  company_name: string;
  photo: ImageValue;
}

function toValues(d: PersonalDetail): Values {
  return { nickname: d.nickname, sex: d.sex, company_name: d.company_name, photo: { url: d.photo } };
}

/**
 * Personal data (SPEC §2 Dialogs, §4): last login time and IP and the phone are read-only; name, gender, company
 * and avatar are edited here; WeChat is bound from here on the default brand. With `forced` (the profile is
 * incomplete) the dialog cannot be closed until a save succeeds.
 */
export default function PersonalDataDialog({ open, onClose, forced }: DialogBaseProps & { forced: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const profile = useProfile();
  const detail = profile.data?.detail;
  const customDomain = useUserStore((s) => s.domaindata?.domain_oem === 1);

  useEffect(() => {
    if (open && detail) form.setFieldsValue(toValues(detail));
  }, [open, detail, form]);
  useEffect(() => {
    if (open && forced) toast('error', t('profile.completeNotice'));
  }, [open, forced, t]);

  const submit = async () => {
    if (!detail) return;
    const values = await validOrFocusFirst(form);
    if (!values) return;
    const body = new FormData();
    body.set('id', String(detail.id));
    body.set('nickname', values.nickname.trim());
    body.set('cellphone', detail.cellphone);
    body.set('sex', String(values.sex));
    body.set('company_name', (values.company_name ?? '').trim());
    if (values.photo?.file) body.set('photo', values.photo.file, values.photo.file.name);
    setSaving(true);
    try {
      const { photo } = await savePersonalData(body);
      useUserStore.setState((s) => ({ name: values.nickname.trim() || (s.info?.username ?? s.name), avatar: photo }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      onClose();
    } catch {
      // Reported by the request wrapper; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const closable = !forced;
  return (
    <Modal
      open={open}
      title={t('profile.title')}
      onCancel={closable ? onClose : undefined}
      closable={closable}
      keyboard={closable}
      mask={{ closable: false }}
      footer={[
        ...(closable
          ? [
              <Button key="cancel" onClick={onClose}>
                {t('common.cancel')}
              </Button>,
            ]
          : []),
        <DebouncedButton key="submit" type="primary" loading={saving} disabled={!detail} onClick={() => void submit()} data-testid="profile-submit">
          {t('profile.save')}
        </DebouncedButton>,
      ]}
      wrapProps={{ 'data-testid': 'personal-data-dialog' }}
    >
      {forced && <Alert type="error" showIcon title={t('profile.completeNotice')} className="gx-dialog-note" data-testid="profile-incomplete" />}
      <Descriptions
        size="small"
        column={1}
        className="gx-dialog-note"
        items={[
          {
            key: 'mtime',
            label: t('profile.lastLoginTime'),
            children: <span data-testid="profile-last-login">{detail?.mtime ? dayjs(detail.mtime).format(DATE_TIME_FORMAT) : t('profile.none')}</span>,
          },
          { key: 'ip', label: t('profile.lastLoginIp'), children: <span data-testid="profile-last-ip">{detail?.loginip || t('profile.none')}</span> },
        ]}
      />
      <Form form={form} layout="vertical" data-testid="profile-form">
        <Form.Item name="photo" label={t('profile.avatar')}>
          <ImageField
            chooseText={t('profile.avatarUpload')}
            hint={t('profile.imageHint')}
            preview={{ width: 64, height: 64 }}
            alt={t('profile.avatar')}
            testId="profile-avatar"
          />
        </Form.Item>
        <Form.Item name="nickname" label={t('profile.name')} rules={[{ required: true, whitespace: true, message: t('validation.nameRequired') }]}>
          <Input maxLength={64} placeholder={t('profile.namePlaceholder')} data-testid="profile-name" />
        </Form.Item>
        <Form.Item label={t('profile.phone')}>
          <Input value={detail?.cellphone || t('profile.none')} readOnly disabled data-testid="profile-phone" />
        </Form.Item>
        <Form.Item name="sex" label={t('profile.gender')}>
          <Radio.Group
            options={[
              { value: 2, label: t('profile.genderUnspecified') },
              { value: 1, label: t('profile.male') },
              { value: 0, label: t('profile.female') },
            ]}
            data-testid="profile-gender"
          />
        </Form.Item>
        <Form.Item name="company_name" label={t('profile.company')}>
          <Input maxLength={128} placeholder={t('profile.companyPlaceholder')} data-testid="profile-company" />
        </Form.Item>
        {!customDomain && detail && (
          <Form.Item label={t('profile.wechat')}>
            <WechatBinding userId={detail.id} nickname={detail.we_chart?.nickname ?? null} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
