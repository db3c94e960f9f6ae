import { useMemo } from 'react';
import { deviceModelResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { commandSetWidget } from '../widgets/CommandSetWidget';

/** The model catalogue; supported commands are chosen among the family's. */
export default function ModelPage() {
  const parts = useMemo<ResourceParts>(() => ({ widgets: { commandSet: commandSetWidget } }), []);
  return <ResourcePage decl={deviceModelResource} parts={parts} />;
}
