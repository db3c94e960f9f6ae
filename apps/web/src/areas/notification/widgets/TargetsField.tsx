import { useEffect, useRef } from 'react';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../resources/RefSelect';
import type { FormWidget, WidgetProps } from '../../../resources/types';

/** Organisation or user ids by the audience chosen beside it: the picker of the one the audience names. */
function TargetsControl({ value, onChange, form }: WidgetProps) {
  const { t } = useTranslation();
  const audience = Form.useWatch<string | undefined>('audience', form);
  // Ids of organisations mean nothing as users: a change of audience empties the choice.
  const previous = useRef(audience);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== audience) onChange?.([]);
    previous.current = audience;
  }, [audience, onChange]);
  const resource = audience === 'orgs' ? 'system.organization' : audience === 'users' ? 'system.user' : undefined;
  if (!resource) return <Typography.Text type="secondary" data-testid="field-targets">{t('notification.targetsEveryone')}</Typography.Text>;
  return (
    <RefSelect key={resource} resource={resource} multiple value={value} onChange={onChange} testId="field-targets"
      placeholder={t('notification.targetsPick')} />
  );
}

export const notificationTargetsWidget: FormWidget = { Control: TargetsControl };
