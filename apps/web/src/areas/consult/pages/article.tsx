import { articleResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { articleCoverWidget } from '../widgets/ArticleCover';
import '../consult.css';

// The body is a `richtext` field: the generic form loads the editor, the generic details show it cleaned.
const parts: ResourceParts = { widgets: { articleCover: articleCoverWidget } };

/** Articles: the generic list, form and actions, with the cover upload. */
export default function ArticlePage() {
  return <ResourcePage decl={articleResource} parts={parts} />;
}
