import { campaignResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { CampaignTargetsTab } from '../widgets/CampaignTargetsTab';

const parts: ResourceParts = { tabs: { campaignTargets: CampaignTargetsTab } };

/**
 * Upgrade campaigns: made from the declaration's form (package, devices or a filter, batches, failure threshold),
 * moved by its state actions (start, pause, resume, cancel); the details show every device's state live.
 */
export default function CampaignPage() {
  return <ResourcePage decl={campaignResource} parts={parts} />;
}
