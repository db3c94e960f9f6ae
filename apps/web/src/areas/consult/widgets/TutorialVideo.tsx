import { useRef, useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { tutorialResource, VIDEO_MAX_BYTES } from '@gx/contract';
import { requestData } from '../../../api/request';
import { toast } from '../../../api/feedback';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';

/** The same check the server makes: an MP4 opens with an `ftyp` box (bytes 4–7); SPEC §5's 100 MB. */
async function videoProblem(file: File): Promise<string | null> {
  if (file.size > VIDEO_MAX_BYTES) return 'validation.videoSize';
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return new TextDecoder('latin1').decode(head.subarray(4, 8)) === 'ftyp' ? null : 'validation.videoType';
}

/**
 * A tutorial's video: an MP4 uploaded here (streamed to the server's disk through `upload_video`) or the http(s)
 * address of a video file or page, with the uploaded or linked MP4 previewed.
 */
function VideoControl({ field, decl, value, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const url = typeof value === 'string' ? value : '';

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = await videoProblem(file);
    if (problem) {
      toast('error', t(problem));
      return;
    }
    const body = new FormData();
    body.append('method', 'upload_video');
    body.append('file', file);
    setBusy(true);
    try {
      onChange?.((await requestData<{ url: string }>(tutorialResource.path, body, { quietSuccess: true, loading: false })).url);
    } catch {
      // The request wrapper has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={6} style={{ width: '100%' }} data-testid={`field-${field}`}>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={url} maxLength={2048} placeholder="https://…" aria-label={pick(decl.label, lang)} data-testid={`field-${field}-link`}
          onChange={(e) => onChange?.(e.target.value)} />
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid={`field-${field}-choose`}>
          {busy ? t('consult.video.uploading') : t('consult.video.upload')}
        </Button>
      </Space.Compact>
      {/\.mp4$/i.test(url) && <video src={url} controls preload="metadata" className="gx-tutorial-video" data-testid={`field-${field}-preview`} />}
      <Typography.Text type="secondary">{pick(decl.help, lang)}</Typography.Text>
      <HiddenFileInput ref={input} accept="video/mp4" label={t('consult.video.upload')} testId={`field-${field}-input`} onFiles={(files) => void choose(files[0])} />
    </Space>
  );
}

export const tutorialVideoWidget: FormWidget = { Control: VideoControl };
