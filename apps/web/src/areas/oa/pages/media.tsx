import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIBRARY_VIDEO_MAX_BYTES, mediaResource, type MediaUploadAnswer } from '@gx/contract';
import { toast } from '../../../api/feedback';
import { requestData } from '../../../api/request';
import { Can } from '../../../components/Can';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { imageFileProblem } from '../../../utils/imageFile';

/** What is wrong with a file before it is sent (the server checks again): an i18n key, or null. */
async function mediaFileProblem(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  // An MP4 opens with a box whose type, at bytes 4–7, is `ftyp`.
  if (String.fromCharCode(...head.subarray(4, 8)) === 'ftyp') return file.size > LIBRARY_VIDEO_MAX_BYTES ? 'validation.videoSizeLibrary' : null;
  const problem = await imageFileProblem(file, { gif: true });
  return problem === 'validation.imageTypeGif' ? 'validation.mediaType' : problem;
}

/**
 * The media library: every image and video of the organisation with its thumbnail, size and dimensions; files are
 * uploaded here (several at once) or wherever a form takes an image. Deleting a file still in use is refused by
 * the server, naming where it is used.
 */
export default function MediaPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const send = useCallback(async (files: File[]) => {
    setBusy(true);
    try {
      for (const file of files) {
        const problem = await mediaFileProblem(file);
        if (problem) {
          toast('error', `${file.name}: ${t(problem)}`);
          continue;
        }
        const body = new FormData();
        body.append('method', 'upload');
        body.append('file', file);
        try {
          await requestData<MediaUploadAnswer>(mediaResource.path, body, { quietSuccess: true, loading: false });
          toast('success', t('media.uploaded', { name: file.name }));
        } catch {
          // The request wrapper has shown why.
        }
      }
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [mediaResource.key] });
    }
  }, [t, queryClient]);

  const parts = useMemo<ResourceParts>(() => ({
    header: (
      <Space direction="vertical" style={{ marginBottom: 12, width: '100%' }}>
        <Alert type="info" showIcon message={t('media.rules')} description={<>{t('media.sizes')}<br />{t('media.unused')}</>} data-testid="media-rules" />
        <Can perm="oa.media.upload">
          <Button type="primary" icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="media-upload">
            {busy ? t('media.uploading') : t('media.upload')}
          </Button>
          <HiddenFileInput ref={input} multiple accept="image/jpeg,image/png,image/gif,video/mp4" label={t('media.upload')} testId="media-upload-input"
            onFiles={(files) => void send(files)} />
        </Can>
      </Space>
    ),
  }), [t, busy, send]);
  return <ResourcePage decl={mediaResource} parts={parts} />;
}
