import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DebouncedButton } from '../DebouncedButton';
import './dialog.css';

interface FormDialogProps {
  open: boolean;
  title: string;
  saving: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  submitTestId: string;
  /** The submit button is red: the action is hard to undo (a handover). */
  danger?: boolean;
  children: ReactNode;
}

/** The frame of the shell's small form dialogs: not closed by a click outside, Cancel and a debounced OK. */
export function FormDialog({ open, title, saving, onCancel, onSubmit, submitTestId, danger, children }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <DebouncedButton key="submit" type="primary" danger={danger} loading={saving} onClick={onSubmit} data-testid={submitTestId}>
          {t('common.ok')}
        </DebouncedButton>,
      ]}
    >
      {children}
    </Modal>
  );
}
