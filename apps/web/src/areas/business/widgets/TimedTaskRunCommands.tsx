import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceCommandResource } from '@gx/contract';
import { ResourceList } from '../../../resources/ResourceList';
import type { TabProps } from '../../../resources/types';

/** The commands a run created (its batch), each with its device and state: the device command list narrowed to it. */
export function TimedTaskRunCommands({ row }: TabProps) {
  const { t } = useTranslation();
  const batch = typeof row.batch === 'string' ? row.batch : '';
  if (!batch) return <Empty description={t('business.timedTask.noCommands')} />;
  return <ResourceList decl={deviceCommandResource} fixed={{ batch }} />;
}
