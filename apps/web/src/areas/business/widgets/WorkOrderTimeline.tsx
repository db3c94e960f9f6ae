import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Image, Input, Space, Spin, Timeline, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WORK_ORDER_COMMENT_MAX, WORK_ORDER_STATE_OPTIONS, workOrderResource, type Lang, type WorkOrderEvent } from '@gx/contract';
import { toast } from '../../../api/feedback';
import { Can } from '../../../components/Can';
import { DATE_TIME_FORMAT } from '../../../resources/fieldText';
import { pick, useLang } from '../../../resources/useLang';
import type { TabProps } from '../../../resources/types';
import { imageFileProblem } from '../../../utils/imageFile';
import { addComment, fetchTimeline, uploadPhoto } from '../api';
import dayjs from 'dayjs';

const stateLabel = (v: string, lang: Lang) => pick(WORK_ORDER_STATE_OPTIONS.find((o) => o.value === v)?.label, lang) || v;
const actionLabel = (name: string, lang: Lang) => pick(workOrderResource.actions?.find((a) => a.name === name)?.label, lang) || name;

const COLORS: Record<WorkOrderEvent['kind'], string> = { created: 'blue', transition: 'green', comment: 'gray', photo: 'gray' };

/**
 * `workOrderTimeline` tab: every step of the order (who, when, from → to, the resolution or reason), comments and
 * photos, oldest first; a comment box and a photo upload for those holding their keys.
 */
export function WorkOrderTimeline({ row }: TabProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const id = row.id;
  const key = ['workOrderTimeline', id];
  const events = useQuery({ queryKey: key, queryFn: () => fetchTimeline(id), staleTime: 0 });
  const [comment, setComment] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const send = useMutation({
    mutationFn: () => addComment(id, comment.trim()),
    onSuccess: () => { setComment(''); void refresh(); },
  });
  const upload = useMutation({ mutationFn: (file: File) => uploadPhoto(id, file), onSuccess: () => void refresh() });

  const what = (e: WorkOrderEvent) => {
    if (e.kind === 'created') return t('business.timeline.created');
    if (e.kind === 'comment') return t('business.timeline.commented');
    if (e.kind === 'photo') return t('business.timeline.photo');
    return t('business.timeline.moved', { action: actionLabel(e.action, lang), from: stateLabel(e.from_state, lang), to: stateLabel(e.to_state, lang) });
  };

  return (
    <div data-testid="work-order-timeline">
      {events.isPending ? <Spin /> : !events.data?.length ? <Empty /> : (
        <Timeline
          items={events.data.map((e) => ({
            key: e.id,
            color: COLORS[e.kind],
            children: (
              <div data-testid={`timeline-${e.kind}`}>
                <Typography.Text strong>{what(e)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {dayjs(e.created_at).format(DATE_TIME_FORMAT)}{e.user_name ? ` · ${e.user_name}` : ''}
                  </Typography.Text>
                </div>
                {e.body && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{e.body}</Typography.Paragraph>}
                {e.url && <Image src={e.url} width={96} alt={t('business.timeline.photo')} />}
              </div>
            ),
          }))}
        />
      )}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Can perm="business.work_order.comment">
          <Input.TextArea
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={WORK_ORDER_COMMENT_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('business.timeline.placeholder')}
            aria-label={t('business.timeline.placeholder')}
            data-testid="work-order-comment"
          />
          <Button type="primary" disabled={!comment.trim()} loading={send.isPending} onClick={() => send.mutate()} data-testid="work-order-comment-send">
            {t('business.timeline.send')}
          </Button>
        </Can>
        <Can perm="business.work_order.attach">
          <Upload
            accept="image/jpeg,image/png,image/gif"
            showUploadList={false}
            beforeUpload={async (file) => {
              const problem = await imageFileProblem(file, { gif: true });
              if (problem) {
                toast('error', t(problem));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              upload.mutateAsync(file as File).then((r) => onSuccess?.(r), (e: Error) => onError?.(e));
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="work-order-photo">{t('business.timeline.upload')}</Button>
          </Upload>
        </Can>
      </Space>
    </div>
  );
}
