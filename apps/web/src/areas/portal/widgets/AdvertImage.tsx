import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, portalAdvertResource } from '@gx/contract';
import { requestData } from '../../../api/request';
import { toast } from '../../../api/feedback';
import { useCan } from '../../../components/Can';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';

/** An ad's image: a link typed in, or a JPEG/PNG under 10 MB uploaded through the ads endpoint (`upload`). */
function AdvertImageControl({ value, onChange, decl }: WidgetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const text = typeof value === 'string' ? value : '';

  const upload = async (file: File) => {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return toast('error', t('validation.imageType'));
    if (file.size >= IMAGE_MAX_BYTES) return toast('error', t('validation.imageSize'));
    const form = new FormData();
    form.append('method', 'upload');
    form.append('file', file);
    setBusy(true);
    try {
      const { url } = await requestData<{ url: string }>(portalAdvertResource.path, form, { quietSuccess: true });
      onChange?.(url);
    } catch {
      // The request wrapper has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={2048} data-testid="field-image" aria-label={pick(decl.label, lang)}
        suffix={text ? <img className="gx-field-image" src={text} alt="" /> : undefined} />
      {can('portal.advert.upload') ? (
        <>
          <input ref={input} type="file" accept="image/jpeg,image/png" hidden data-testid="advert-image-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }} />
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
            {busy ? t('portal.upload.uploading') : t('portal.upload.button')}
          </Button>
        </>
      ) : null}
    </Space.Compact>
  );
}

export const advertImageWidget: FormWidget = { Control: AdvertImageControl };
