import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Result } from 'antd';
import { prizeSettingsResource, type DrawOutcome } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { PrizeEditor } from '../../marketing/widgets/PrizeEditor';

/**
 * Prize draws (SPEC §2 oa blind-box prizes; served by the marketing area): the generic list and form, the prizes
 * tab of a draw's details, and the outcome of a draw shown when the server answers it.
 */
export default function PrizePage() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<DrawOutcome | null>(null);
  const parts: ResourceParts = {
    tabs: { prizes: PrizeEditor },
    afterAction: (method, answer) => {
      const draw = method === 'draw' ? (answer as { draw?: DrawOutcome } | undefined)?.draw : undefined;
      if (draw) setOutcome(draw);
    },
  };
  return (
    <>
      <ResourcePage decl={prizeSettingsResource} parts={parts} />
      <Modal open={outcome !== null} onCancel={() => setOutcome(null)} footer={null} title={t('marketing.draw.title')} wrapProps={{ 'data-testid': 'draw-result' }}>
        {outcome && (
          <Result
            status={outcome.won ? 'success' : 'info'}
            title={outcome.won
              ? t('marketing.draw.won', { participant: outcome.participant, prize: outcome.prize_name })
              : outcome.prize_name
                ? t('marketing.draw.lost', { participant: outcome.participant, prize: outcome.prize_name })
                : t('marketing.draw.lostPlain', { participant: outcome.participant })}
          />
        )}
      </Modal>
    </>
  );
}
