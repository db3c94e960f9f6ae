import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CellProps } from '../../../resources/types';

/** 138****0001: the first three and last four digits of a number long enough to hide anything, else it as is. */
export function maskPhone(phone: string): string {
  return phone.length >= 8 ? `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}` : phone;
}

/**
 * A guest's phone in the portal's lists, masked so a screen over the front desk shows no numbers; the eye shows
 * this one number (the operator may read it anyway: filters take it whole, and the export carries it).
 */
export function MaskedPhoneCell({ value }: CellProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const phone = typeof value === 'string' ? value : '';
  if (!phone) return <span className="gx-cell-empty">-</span>;
  if (shown || maskPhone(phone) === phone) return <span>{phone}</span>;
  return (
    <span data-testid="masked-phone">
      {maskPhone(phone)}
      <Tooltip title={t('business.maskedPhone.show')}>
        <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('business.maskedPhone.show')} onClick={(e) => { e.stopPropagation(); setShown(true); }} />
      </Tooltip>
    </span>
  );
}
