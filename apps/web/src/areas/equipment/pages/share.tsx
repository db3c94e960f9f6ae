import { useMemo } from 'react';
import { deviceShareResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { OrgNumberHint } from '../widgets/OrgNumberHint';

/** Rows both sides see; above them, the number another organisation enters to reach this one. */
export default function SharePage() {
  const parts = useMemo<ResourceParts>(() => ({ header: <OrgNumberHint /> }), []);
  return <ResourcePage decl={deviceShareResource} parts={parts} />;
}
