import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { portalAdvertResource } from '@gx/contract';
import { useCan } from '../../../components/Can';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import { uploadImage } from '../../../resources/uploadImage';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';

/** An ad's image: a link typed in, or a JPEG/PNG/GIF under 10 MB (checked by content) uploaded through the ads endpoint (`upload`). */
function AdvertImageControl({ value, onChange, decl }: WidgetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const text = typeof value === 'string' ? value : '';

  const upload = async (file: File) => {
    setBusy(true);
    const url = await uploadImage(portalAdvertResource.path, 'upload', file);
    setBusy(false);
    if (url) onChange?.(url);
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={2048} data-testid="field-image" aria-label={pick(decl.label, lang)}
        suffix={text ? <img className="gx-field-image" src={text} alt="" /> : undefined} />
      {can('portal.advert.upload') ? (
        <>
          <HiddenFileInput ref={input} accept="image/jpeg,image/png,image/gif" label={t('portal.upload.button')} testId="advert-image-file"
            onFiles={(files) => { if (files[0]) void upload(files[0]); }} />
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
            {busy ? t('portal.upload.uploading') : t('portal.upload.button')}
          </Button>
        </>
      ) : null}
    </Space.Compact>
  );
}

export const advertImageWidget: FormWidget = { Control: AdvertImageControl };
