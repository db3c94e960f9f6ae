import { quotationResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { QuotationLines } from '../widgets/QuotationLines';
import { QuotationSheetView } from '../widgets/QuotationSheetView';

const parts: ResourceParts = { tabs: { quotationLines: QuotationLines, quotationSheet: QuotationSheetView } };

/** Quotations, with each one's lines and totals, its printable sheet and its xlsx export in its details. */
export default function QuotationPage() {
  return <ResourcePage decl={quotationResource} parts={parts} />;
}
