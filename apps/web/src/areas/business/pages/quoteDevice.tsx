import { quoteDeviceResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { centsWidget } from '../../marketing/widgets/CentsInput';

/** The price list: unit prices are entered in integer cents with their yuan value beside the input. */
const parts: ResourceParts = { widgets: { cents: centsWidget } };

export default function QuoteDevicePage() {
  return <ResourcePage decl={quoteDeviceResource} parts={parts} />;
}
