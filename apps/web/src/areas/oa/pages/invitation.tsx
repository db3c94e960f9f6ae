import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { invitationResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';

// ECharts is fetched with this chart only, never with the rest of the console.
const InvitationChart = lazy(() => import('../../marketing/charts/InvitationChart'));

/** Invitation statistics (SPEC §2 oa; served by the marketing area): the chart above the invitation records. */
export default function InvitationPage() {
  return (
    <ResourcePage
      decl={invitationResource}
      parts={{ header: <Suspense fallback={<Skeleton active />}><InvitationChart /></Suspense> }}
    />
  );
}
