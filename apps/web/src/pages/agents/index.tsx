import { useTranslation } from 'react-i18next';
import { PortalApi, type AgentAnswer } from '@gx/contract';
import { QueryPage, ResultCard } from '../public/QueryPage';

/** /agents: a name, phone or certificate number → authorised agent (region, validity) or not. */
export default function AgentsPage() {
  const { t } = useTranslation();
  return (
    <QueryPage<AgentAnswer>
      testId="agents"
      title={t('portal.agents.title')}
      intro={t('portal.agents.intro')}
      label={t('portal.agents.query')}
      bodyKey="query"
      path={PortalApi.agents}
      maxLength={64}
      renderResult={(a) => (
        <ResultCard
          testId="agents-result"
          tone={a.result === 'authorised' ? 'ok' : 'bad'}
          title={t(`portal.agents.${a.result}`)}
          hint={a.result === 'authorised' ? undefined : t('portal.agents.notAuthorisedHint')}
          facts={a.result === 'authorised' ? [
            [t('portal.agents.name'), a.name ?? ''],
            [t('portal.agents.region'), a.region ?? ''],
            [t('portal.agents.validTo'), a.valid_to ?? ''],
          ] : []}
        />
      )}
    />
  );
}
