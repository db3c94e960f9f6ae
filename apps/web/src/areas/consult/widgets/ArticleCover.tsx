import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';
import { uploadArticleImage } from '../api';
import '../consult.css';

/**
 * The cover: a JPEG/PNG under 10 MB, checked by content here and on the server, uploaded at once through the
 * article's `upload_image` (the existing image store) and kept as the URL it answers.
 */
function CoverControl({ field, decl, value, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const url = typeof value === 'string' ? value : '';

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const uploaded = await uploadArticleImage(file);
    setBusy(false);
    if (uploaded) onChange?.(uploaded);
  };

  return (
    <div className="gx-article-cover" data-testid={`field-${field}`}>
      <div className="gx-article-cover-preview">
        {url && <img src={url} alt={t('consult.cover.alt')} data-testid={`field-${field}-preview`} />}
      </div>
      <Space direction="vertical" size={4}>
        <Space>
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid={`field-${field}-choose`}>
            {busy ? t('consult.cover.uploading') : t('consult.cover.upload')}
          </Button>
          {url && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} data-testid={`field-${field}-clear`}>
              {t('consult.cover.remove')}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">{pick(decl.help, lang)}</Typography.Text>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          className="gx-visually-hidden"
          tabIndex={-1}
          aria-label={t('consult.cover.upload')}
          data-testid={`field-${field}-input`}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Space>
    </div>
  );
}

export const articleCoverWidget: FormWidget = { Control: CoverControl };
