import { operationLogResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { ChangeDiff } from '../widgets/ChangeDiff';

/** Every change and every sign-in and sign-out, read-only; an entry's details show before → after field by field. */
const parts: ResourceParts = { fieldGroups: [{ fields: ['before', 'after'], View: ChangeDiff }] };

export default function OperationLogPage() {
  return <ResourcePage decl={operationLogResource} parts={parts} />;
}
