import type { ReactNode } from 'react';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionView } from '@gx/contract';
import { pick, useLang } from './useLang';

interface Props {
  action: ActionView;
  onRun: () => void;
  /** Row buttons are links; toolbar buttons are buttons. */
  variant?: 'link' | 'button';
  disabled?: boolean;
  icon?: ReactNode;
  testId: string;
}

/**
 * A declared action's button. One with a confirm text asks first (delete, disable, cancel order…), except actions
 * that open their own form (reset password), which show the text there.
 */
export function ActionButton({ action, onRun, variant = 'link', disabled, icon, testId }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const props: ButtonProps = {
    type: variant === 'link' ? 'link' : 'default',
    size: variant === 'link' ? 'small' : undefined,
    danger: action.danger,
    disabled,
    icon,
  };
  const label = pick(action.label, lang);
  if (action.confirm && !action.fields?.length) {
    return (
      <Popconfirm
        title={pick(action.confirm, lang)}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: action.danger }}
        onConfirm={onRun}
        disabled={disabled}
      >
        <Button {...props} data-testid={testId}>
          {label}
        </Button>
      </Popconfirm>
    );
  }
  return (
    <Button {...props} onClick={onRun} data-testid={testId}>
      {label}
    </Button>
  );
}
