import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CellProps } from '../../../resources/types';
import { displayText } from '../../../resources/fieldText';

/** A work order's due time; red with an "overdue" tag while it is past and the order is not finished. */
export function SlaDueCell({ value, row, decl, lang }: CellProps) {
  const { t } = useTranslation();
  const text = displayText(decl, value, lang);
  if (!row.overdue) return <span>{text}</span>;
  return (
    <Space size={4} data-testid="work-order-overdue">
      <Typography.Text type="danger">{text}</Typography.Text>
      <Tag color="red">{t('business.overdue')}</Tag>
    </Space>
  );
}
