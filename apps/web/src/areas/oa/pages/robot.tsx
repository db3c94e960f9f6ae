import { useMemo, useState } from 'react';
import { Alert, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { robotResource, type RobotAnswer } from '@gx/contract';
import { requestData } from '../../../api/request';
import { Can } from '../../../components/Can';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';

/** Which robot answers a message, as a guest on the screen chat would see it; nothing is counted. */
function TryRobot() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<RobotAnswer | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const ask = async (message: string) => {
    if (!message.trim()) return;
    setBusy(true);
    try {
      setAnswer(await requestData<RobotAnswer | null>(robotResource.path, { method: 'try', message }, { quietSuccess: true, loading: false }));
    } catch {
      // The request wrapper has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 640, marginBottom: 12 }}>
      <Input.Search placeholder={t('robot.tryPlaceholder')} enterButton={t('robot.try')} loading={busy} onSearch={(v) => void ask(v)}
        aria-label={t('robot.tryPlaceholder')} data-testid="robot-try" />
      {answer === null && <Alert type="warning" showIcon message={t('robot.none')} data-testid="robot-try-none" />}
      {answer && <Alert type="success" showIcon message={t('robot.answers', { name: answer.name })} description={answer.reply} data-testid="robot-try-answer" />}
    </Space>
  );
}

/** Reply robots: the generic list and form, and a box to try a message against the enabled robots. */
export default function RobotPage() {
  const parts = useMemo<ResourceParts>(() => ({ header: <Can perm="oa.robot.try"><TryRobot /></Can> }), []);
  return <ResourcePage decl={robotResource} parts={parts} />;
}
