import { useState } from 'react';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { COMMAND_NAMES, COMMAND_NAME_LABELS, DEVICE_FAMILIES, DEVICE_FAMILY_LABELS, deviceCommandResource, type CommandName } from '@gx/contract';
import { sendCommand, type SendCommand } from '../../../api/device';
import { toast } from '../../../api/feedback';
import { useLang } from '../../../resources/useLang';
import { requiredRule, validOrFocusFirst } from '../../../resources/validateForm';

interface Props {
  open: boolean;
  /** One device; without it the dialog targets every device of a family (or all of them). */
  deviceId?: number;
  onClose: () => void;
}

interface Values {
  name: CommandName;
  family?: string;
  online?: boolean;
  kind?: 'ping' | 'traceroute';
  host?: string;
  params?: string;
}

/**
 * Sends a command to one device or to many (a family, online only or not): one persisted command per device, whose
 * states the lists show live. Diagnosis asks for its host; other commands take their parameters as JSON.
 */
export function SendCommandDialog({ open, deviceId, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const name = Form.useWatch('name', form);

  const submit = async () => {
    const v = await validOrFocusFirst(form);
    if (!v) return;
    let params: Record<string, unknown> = {};
    if (v.name === 'diagnose') params = { kind: v.kind ?? 'ping', host: v.host ?? '' };
    else if (v.params?.trim()) params = JSON.parse(v.params) as Record<string, unknown>;
    const body: SendCommand = deviceId !== undefined
      ? { ids: [deviceId], name: v.name, params }
      : { filter: { ...(v.family ? { family: v.family } : {}), ...(v.online ? { online: 1 as const } : {}) }, name: v.name, params };
    setSaving(true);
    try {
      const sent = await sendCommand(body);
      toast('success', t('device.send.sent', { count: sent.list.length }));
      void queryClient.invalidateQueries({ queryKey: [deviceCommandResource.key] });
      onClose();
    } catch {
      // The request wrapper has said why.
    } finally {
      setSaving(false);
    }
  };

  const isJsonObject = (text: string | undefined) => {
    if (!text?.trim()) return true;
    try {
      const v: unknown = JSON.parse(text);
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    } catch {
      return false;
    }
  };

  return (
    <Modal open={open} title={t('device.send.title')} onOk={() => void submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden wrapProps={{ 'data-testid': 'send-command-dialog' }}>
      <Form form={form} layout="vertical" initialValues={{ name: 'restart', kind: 'ping' }} preserve={false}>
        <Form.Item name="name" label={t('device.send.command')} rules={[requiredRule(t, t('device.send.command'))]}>
          <Select data-testid="send-command-name" options={COMMAND_NAMES.map((n) => ({ value: n, label: COMMAND_NAME_LABELS[n][lang] }))} />
        </Form.Item>
        {deviceId === undefined && (
          <>
            <Form.Item name="family" label={t('device.send.family')}>
              <Select allowClear placeholder={t('device.send.allFamilies')} options={DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f][lang] }))} />
            </Form.Item>
            <Form.Item name="online" valuePropName="checked">
              <Checkbox>{t('device.send.onlineOnly')}</Checkbox>
            </Form.Item>
          </>
        )}
        {name === 'diagnose' ? (
          <>
            <Form.Item name="kind" label={t('device.send.kind')}>
              <Select options={[{ value: 'ping', label: 'ping' }, { value: 'traceroute', label: 'traceroute' }]} />
            </Form.Item>
            <Form.Item name="host" label={t('device.send.host')} rules={[{ required: true, message: t('validation.host') }]}>
              <Input placeholder="8.8.8.8" />
            </Form.Item>
          </>
        ) : (
          ['upgrade', 'portal_allow', 'portal_kick', 'play'].includes(name ?? '') && (
            <Form.Item
              name="params"
              label={t('device.send.params')}
              rules={[{ validator: (_r, text: string | undefined) => (isJsonObject(text) ? Promise.resolve() : Promise.reject(new Error(t('device.send.paramsInvalid')))) }]}
            >
              <Input.TextArea rows={4} placeholder='{"mac": "00:11:22:33:44:55"}' />
            </Form.Item>
          )
        )}
      </Form>
    </Modal>
  );
}
