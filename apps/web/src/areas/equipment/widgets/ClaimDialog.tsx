import { useCallback, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Upload } from 'antd';
import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RULES, deviceAuditResource, parseClaimQr, validationText } from '@gx/contract';
import { claimDevice } from '../../../api/device';
import { toast } from '../../../api/feedback';
import { useLang } from '../../../resources/useLang';
import { requiredRule, validOrFocusFirst } from '../../../resources/validateForm';
import { decodeQrFile } from './qrDecode';
import { QrCameraScan } from './QrCameraScan';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface Values { serial: string; authorization_number: string }

/**
 * Claims a unit from the warehouse for the current organisation: its serial and the authorization number on its
 * label — typed, or read from the label's QR code (`claimQrText`) by the camera or from a photo. The claim then
 * waits for the platform's review (Device review); agreed, the device joins this list.
 */
export function ClaimDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [read, setRead] = useState(false);
  const canScan = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  /** Fills the fields from a label's text; false for any other code. */
  const fromLabel = useCallback((text: string | null): boolean => {
    const found = text ? parseClaimQr(text) : null;
    if (!found) return false;
    form.setFieldsValue(found);
    void form.validateFields();
    setRead(true);
    setScanning(false);
    return true;
  }, [form]);
  const cameraFailed = useCallback(() => {
    setScanning(false);
    toast('error', t('device.claim.noCamera'));
  }, [t]);
  const fromPhoto = async (file: Blob) => {
    const text = await decodeQrFile(file).catch(() => null);
    if (!fromLabel(text)) toast('error', t('device.claim.notLabel'));
  };

  const submit = async () => {
    const v = await validOrFocusFirst(form);
    if (!v) return;
    setSaving(true);
    try {
      await claimDevice({ serial: v.serial.trim(), authorization_number: v.authorization_number.trim().toUpperCase() });
      void queryClient.invalidateQueries({ queryKey: [deviceAuditResource.key] });
      onClose();
    } catch {
      // The request wrapper has said why (a wrong number, a device already taken).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={t('device.claim.title')} onOk={() => void submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden wrapProps={{ 'data-testid': 'claim-dialog' }}>
      <Alert type="info" showIcon title={t('device.claim.hint')} style={{ marginBottom: 16 }} />
      <Space wrap style={{ marginBottom: 12 }}>
        {canScan && !scanning && <Button icon={<CameraOutlined />} onClick={() => { setRead(false); setScanning(true); }} data-testid="claim-scan">{t('device.claim.scan')}</Button>}
        <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => { setRead(false); void fromPhoto(file); return false; }}>
          <Button icon={<PictureOutlined />} data-testid="claim-photo">{t('device.claim.photo')}</Button>
        </Upload>
      </Space>
      {scanning && <QrCameraScan onText={fromLabel} onFail={cameraFailed} onStop={() => setScanning(false)} />}
      {read && <Alert type="success" showIcon title={t('device.claim.read')} style={{ marginBottom: 12 }} data-testid="claim-read" />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="serial" label={t('device.claim.serial')} rules={[requiredRule(t, t('device.claim.serial')), { pattern: RULES.serial.re, message: validationText(RULES.serial.message, lang) }]}>
          <Input autoComplete="off" data-testid="claim-serial" />
        </Form.Item>
        <Form.Item
          name="authorization_number"
          label={t('device.claim.number')}
          normalize={(v: string) => v.toUpperCase()}
          rules={[requiredRule(t, t('device.claim.number')), { pattern: RULES.authorizationNumber.re, message: validationText(RULES.authorizationNumber.message, lang) }]}
        >
          <Input autoComplete="off" data-testid="claim-number" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
