import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PortalApi, type InquiryAnswer } from '@gx/contract';
import { QueryPage, ResultCard } from '../public/QueryPage';

const TONE = { certified: 'ok', out_of_warranty: 'warn', not_certified: 'bad' } as const;

/** /inquiry (SPEC §1, §8): a device serial → officially certified, out of warranty, or not officially certified. */
export default function InquiryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // A scanned label QR opens /inquiry?serial=…; the serial is filled in, the visitor still asks.
  const scanned = params.get('serial') ?? '';
  return (
    <QueryPage<InquiryAnswer>
      key={scanned}
      testId="inquiry"
      title={t('portal.inquiry.title')}
      intro={t('portal.inquiry.intro')}
      label={t('portal.inquiry.serial')}
      bodyKey="serial"
      path={PortalApi.inquiry}
      maxLength={64}
      initial={scanned}
      renderResult={(a) => (
        <ResultCard
          testId="inquiry-result"
          tone={TONE[a.result]}
          title={t(`portal.inquiry.${a.result}`)}
          hint={a.result === 'not_certified' ? t('portal.inquiry.notCertifiedHint') : undefined}
          facts={a.result === 'not_certified' ? [] : [
            [t('portal.inquiry.model'), a.model ?? ''],
            [t('portal.inquiry.productionDate'), a.production_date ?? ''],
            [t('portal.inquiry.warrantyEnd'), a.warranty_end ?? t('portal.inquiry.notActivated')],
          ]}
        />
      )}
    />
  );
}
