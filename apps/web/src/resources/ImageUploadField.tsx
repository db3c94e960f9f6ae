import { useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDecl } from '@gx/contract';
import { HiddenFileInput } from '../components/HiddenFileInput';
import { pick, useLang } from './useLang';
import { uploadImage } from './uploadImage';

interface Props {
  field: string;
  decl: FieldDecl;
  value: string;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  /** Where the field's `upload` method is served. */
  uploadTo: { path: string; method: string };
}

/**
 * An image field that declares `upload`: a preview, an upload button (JPEG/PNG/GIF under 10 MB, checked by content
 * here and on the server, stored at once and kept as the URL it answers); the form item shows the field's help, where
 * declarations give the recommended size of SPEC §9.
 */
export function ImageUploadField({ field, decl, value, onChange, disabled, id, uploadTo }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const uploaded = await uploadImage(uploadTo.path, uploadTo.method, file);
    setBusy(false);
    if (uploaded) onChange?.(uploaded);
  };

  return (
    <div className="gx-image-upload" data-testid={`field-${field}`} id={id}>
      <div className="gx-image-upload-preview">
        {value && <img src={value} alt={pick(decl.label, lang)} data-testid={`field-${field}-preview`} />}
      </div>
      <Space direction="vertical" size={4}>
        <Space>
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={() => input.current?.click()} data-testid={`field-${field}-choose`}>
            {busy ? t('resource.image.uploading') : t('resource.image.upload')}
          </Button>
          {value && !disabled && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} data-testid={`field-${field}-clear`}>
              {t('resource.image.remove')}
            </Button>
          )}
        </Space>
        <HiddenFileInput ref={input} accept="image/jpeg,image/png,image/gif" label={t('resource.image.upload')} testId={`field-${field}-input`}
          onFiles={(files) => void choose(files[0])} />
      </Space>
    </div>
  );
}
