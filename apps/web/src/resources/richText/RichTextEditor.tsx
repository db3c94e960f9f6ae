import { useEffect, useRef, useState } from 'react';
import { Button, Input, Popover, Space, Tooltip, Typography } from 'antd';
import {
  BoldOutlined, DisconnectOutlined, FileImageOutlined, FileWordOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined,
  RedoOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { HTTP_LINK_RE, WORD_MAX_BYTES } from '@gx/contract';
import { requestData } from '../../api/request';
import { toast } from '../../api/feedback';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { uploadImage } from '../uploadImage';
import './richText.css';

export interface RichTextEditorProps {
  value: string;
  onChange?: (html: string) => void;
  /** Form.Item's id, given to the editable area so the label points at it. */
  id?: string;
  testId: string;
  disabled?: boolean;
  /** Where the image button stores an image (the resource's path and upload method); no image button without it. */
  uploadTo?: { path: string; method: string };
  /** Where a Word document becomes HTML to insert (the resource's path and `wordImport` method); no button without it. */
  wordImportTo?: { path: string; method: string };
}

/** An empty document is '' on the wire, not `<p></p>`, so a required body stays required. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The rich-text editor (tiptap): headings, bold, italic, lists, links and uploaded images, producing HTML that the
 * server cleans with its allow-list on save. Loaded only by a form holding a `richtext` field, never with the
 * console's first load.
 */
export default function RichTextEditor({ value, onChange, id, testId, disabled, uploadTo, wordImportTo }: RichTextEditorProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const wordInput = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], defaultProtocol: 'https' },
      }),
      Image,
    ],
    content: value,
    editable: !disabled,
    editorProps: { attributes: { ...(id ? { id } : {}), 'aria-label': t('resource.richText.body'), 'data-testid': `${testId}-editor`, class: 'gx-rich-text-content' } },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(htmlOf(e)),
  });

  // The form sets the value after the editor exists (an edit loads the row): follow it unless it is what we wrote.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();
  // SPEC §5 links: http(s), mailto or tel, with something after the scheme.
  const linkValid = HTTP_LINK_RE.test(href.trim()) || /^(mailto|tel):\S+$/i.test(href.trim());

  const applyLink = () => {
    if (!linkValid) return;
    chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
    // The caret goes after the link, as in any editor: what is typed or inserted next follows it, never replaces it.
    editor.chain().focus().setTextSelection(editor.state.selection.to).run();
    setLinkOpen(false);
  };

  /** Stores the chosen image through the resource's upload method and puts it at the caret. */
  const insertImage = async (file: File | undefined) => {
    if (!file || !uploadTo) return;
    setUploading(true);
    const url = await uploadImage(uploadTo.path, uploadTo.method, file);
    setUploading(false);
    // An empty paragraph follows the image, so typing goes on below it instead of replacing the selected image.
    if (url) chain().insertContent([{ type: 'image', attrs: { src: url, alt: file.name.replace(/\.[^.]+$/, '') } }, { type: 'paragraph' }]).run();
  };

  /** Converts the chosen .docx on the server (pictures stored as uploads) and puts its content at the caret. */
  const importWord = async (file: File | undefined) => {
    if (!file || !wordImportTo) return;
    if (file.size > WORD_MAX_BYTES) {
      toast('error', t('validation.wordSize'));
      return;
    }
    const body = new FormData();
    body.append('method', wordImportTo.method);
    body.append('file', file);
    setImporting(true);
    try {
      const { html, dropped } = await requestData<{ html: string; dropped: number }>(wordImportTo.path, body, { quietSuccess: true, loading: false });
      // The editor offers H2 and H3: a document's first-level headings become the body's top level.
      chain().insertContent(html.replace(/<(\/?)h1\b/g, '<$1h2')).run();
      if (dropped > 0) toast('warning', t('resource.richText.wordDropped', { count: dropped }));
    } catch {
      // The request wrapper has shown why.
    } finally {
      setImporting(false);
    }
  };

  const tool = (key: string, label: string, icon: React.ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip key={key} title={label}>
      <Button size="small" type={active ? 'primary' : 'default'} icon={icon} aria-label={label} aria-pressed={active}
        disabled={disabled || !enabled} onClick={run} data-testid={`rich-text-${key}`} />
    </Tooltip>
  );

  return (
    <div className="gx-rich-text" data-testid={testId}>
      <Space wrap size={4} className="gx-rich-text-toolbar" role="toolbar" aria-label={t('resource.richText.toolbar')}>
        <Tooltip title={t('resource.richText.h2')}>
          <Button size="small" type={state?.h2 ? 'primary' : 'default'} aria-pressed={state?.h2} disabled={disabled}
            onClick={() => chain().toggleHeading({ level: 2 }).run()} data-testid="rich-text-h2">H2</Button>
        </Tooltip>
        <Tooltip title={t('resource.richText.h3')}>
          <Button size="small" type={state?.h3 ? 'primary' : 'default'} aria-pressed={state?.h3} disabled={disabled}
            onClick={() => chain().toggleHeading({ level: 3 }).run()} data-testid="rich-text-h3">H3</Button>
        </Tooltip>
        {tool('bold', t('resource.richText.bold'), <BoldOutlined />, Boolean(state?.bold), () => chain().toggleBold().run())}
        {tool('italic', t('resource.richText.italic'), <ItalicOutlined />, Boolean(state?.italic), () => chain().toggleItalic().run())}
        {tool('bullet', t('resource.richText.bulletList'), <UnorderedListOutlined />, Boolean(state?.bullet), () => chain().toggleBulletList().run())}
        {tool('ordered', t('resource.richText.orderedList'), <OrderedListOutlined />, Boolean(state?.ordered), () => chain().toggleOrderedList().run())}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            setLinkOpen(open);
            if (open) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input
                value={href}
                onChange={(e) => setHref(e.target.value)}
                onPressEnter={applyLink}
                status={href && !linkValid ? 'error' : undefined}
                aria-label={t('resource.richText.linkAddress')}
                style={{ width: 260 }}
                data-testid="rich-text-link-input"
              />
              <Button type="primary" disabled={!linkValid} onClick={applyLink} data-testid="rich-text-link-apply">{t('common.ok')}</Button>
            </Space.Compact>
          }
        >
          {tool('link', t('resource.richText.link'), <LinkOutlined />, Boolean(state?.link), () => undefined)}
        </Popover>
        {tool('unlink', t('resource.richText.unlink'), <DisconnectOutlined />, false, () => chain().unsetLink().run(), Boolean(state?.link))}
        {uploadTo && (
          <Tooltip title={t('resource.richText.image')}>
            <Button size="small" icon={<FileImageOutlined />} loading={uploading} aria-label={t('resource.richText.image')} disabled={disabled}
              onClick={() => fileInput.current?.click()} data-testid="rich-text-image" />
          </Tooltip>
        )}
        {wordImportTo && (
          <Tooltip title={t('resource.richText.word')}>
            <Button size="small" icon={<FileWordOutlined />} loading={importing} aria-label={t('resource.richText.word')} disabled={disabled}
              onClick={() => wordInput.current?.click()} data-testid="rich-text-word" />
          </Tooltip>
        )}
        {tool('undo', t('resource.richText.undo'), <UndoOutlined />, false, () => chain().undo().run(), Boolean(state?.undo))}
        {tool('redo', t('resource.richText.redo'), <RedoOutlined />, false, () => chain().redo().run(), Boolean(state?.redo))}
      </Space>
      {uploadTo && (
        <HiddenFileInput ref={fileInput} accept="image/jpeg,image/png,image/gif" label={t('resource.richText.image')} testId="rich-text-image-input"
          onFiles={(files) => void insertImage(files[0])} />
      )}
      {wordImportTo && (
        <HiddenFileInput ref={wordInput} accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document" label={t('resource.richText.word')}
          testId="rich-text-word-input" onFiles={(files) => void importWord(files[0])} />
      )}
      <EditorContent editor={editor} className="gx-rich-text-box" />
      <Typography.Text type="secondary" className="gx-rich-text-note">{t('resource.richText.sanitised')}</Typography.Text>
    </div>
  );
}
