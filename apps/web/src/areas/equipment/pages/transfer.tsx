import { useMemo } from 'react';
import { deviceTransferResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { OrgNumberHint } from '../widgets/OrgNumberHint';

/** Rows both sides see; above them, the number another organisation enters to reach this one. */
export default function TransferPage() {
  const parts = useMemo<ResourceParts>(() => ({ header: <OrgNumberHint /> }), []);
  return <ResourcePage decl={deviceTransferResource} parts={parts} />;
}
