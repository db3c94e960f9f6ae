import { campaignResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { CampaignTargetsTab } from '../widgets/CampaignTargetsTab';
import { ApprovalSetting } from '../widgets/ApprovalSetting';

const parts: ResourceParts = { tabs: { campaignTargets: CampaignTargetsTab }, header: <ApprovalSetting /> };

/**
 * Upgrade campaigns: made from the declaration's form (package, devices or a filter, batches, failure threshold,
 * maintenance window), moved by its state actions (approve, start, pause, resume, cancel); the details show every
 * device's state live; the header holds the organisation's approval requirement.
 */
export default function CampaignPage() {
  return <ResourcePage decl={campaignResource} parts={parts} />;
}
