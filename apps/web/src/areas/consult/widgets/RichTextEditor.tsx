import { useRef, useState } from 'react';
import { Button, Col, Input, Row, Space, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { BoldOutlined, CloudUploadOutlined, FileImageOutlined, FontSizeOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PicCenterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/SafeHtml';
import type { WidgetProps } from '../../../resources/types';
import { uploadArticleImage } from '../api';
import '../consult.css';

/** A tag pair put around the selection (or an empty pair at the caret). */
interface Wrap { before: string; after: string }

const WRAPS = {
  bold: { before: '<strong>', after: '</strong>' },
  italic: { before: '<em>', after: '</em>' },
  heading: { before: '<h2>', after: '</h2>' },
  paragraph: { before: '<p>', after: '</p>' },
  list: { before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  link: { before: '<a href="https://">', after: '</a>' },
  image: { before: '<img src="https://" alt="', after: '">' },
} satisfies Record<string, Wrap>;

const ICONS: Record<keyof typeof WRAPS, React.ReactNode> = {
  bold: <BoldOutlined />, italic: <ItalicOutlined />, heading: <FontSizeOutlined />, paragraph: <PicCenterOutlined />,
  list: <OrderedListOutlined />, link: <LinkOutlined />, image: <FileImageOutlined />,
};

/**
 * The article body: HTML with a small toolbar that wraps the selection in tags, beside a live preview cleaned by
 * DOMPurify (the server cleans again with its allow-list when saving). Loaded only with the article form.
 */
export default function RichTextEditor({ field, decl, value, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const ref = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const html = typeof value === 'string' ? value : '';

  const wrap = ({ before, after }: Wrap) => {
    const area = ref.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? html.length;
    const end = area?.selectionEnd ?? html.length;
    onChange?.(html.slice(0, start) + before + html.slice(start, end) + after + html.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + before.length, end + before.length);
    });
  };

  /** Stores the chosen image and puts it at the caret (or in place of the selection). */
  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const url = await uploadArticleImage(file);
    setUploading(false);
    if (!url) return;
    const area = ref.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? html.length;
    const end = area?.selectionEnd ?? html.length;
    onChange?.(`${html.slice(0, start)}<img src="${url}" alt="">${html.slice(end)}`);
  };

  return (
    <div className="gx-rich-text" data-testid={`field-${field}`}>
      <Space wrap size={4} className="gx-rich-text-toolbar">
        {(Object.keys(WRAPS) as (keyof typeof WRAPS)[]).map((k) => (
          <Tooltip key={k} title={t(`consult.editor.${k}`)}>
            <Button size="small" icon={ICONS[k]} aria-label={t(`consult.editor.${k}`)} onClick={() => wrap(WRAPS[k])} data-testid={`rich-text-${k}`} />
          </Tooltip>
        ))}
        <Tooltip title={t('consult.editor.upload')}>
          <Button size="small" icon={<CloudUploadOutlined />} loading={uploading} aria-label={t('consult.editor.upload')}
            onClick={() => fileInput.current?.click()} data-testid="rich-text-upload" />
        </Tooltip>
      </Space>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png"
        className="gx-visually-hidden"
        tabIndex={-1}
        aria-label={t('consult.editor.upload')}
        data-testid="rich-text-upload-input"
        onChange={(e) => {
          void insertImage(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Input.TextArea
            ref={ref}
            value={html}
            onChange={(e) => onChange?.(e.target.value)}
            maxLength={decl.max}
            autoSize={{ minRows: 8, maxRows: 20 }}
            aria-label={t('consult.editor.html')}
            className="gx-rich-text-source"
            data-testid={`field-${field}-source`}
          />
        </Col>
        <Col xs={24} md={12}>
          <section className="gx-rich-text-preview" aria-label={t('consult.editor.preview')} data-testid={`field-${field}-preview`}>
            {html.trim() ? <SafeHtml html={html} /> : <Typography.Text type="secondary">{t('consult.editor.previewEmpty')}</Typography.Text>}
          </section>
        </Col>
      </Row>
      <Typography.Text type="secondary" className="gx-rich-text-note">{t('consult.editor.sanitised')}</Typography.Text>
    </div>
  );
}
