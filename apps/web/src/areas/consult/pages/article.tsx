import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { articleResource } from '@gx/contract';
import { SafeHtml } from '../../../components/SafeHtml';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { FormWidget, ResourceParts, WidgetProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';
import { articleCoverWidget } from '../widgets/ArticleCover';
import '../consult.css';

// The editor is fetched when an article form opens, never with the list.
const RichTextEditor = lazy(() => import('../widgets/RichTextEditor'));

function RichTextControl(props: WidgetProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
const richTextWidget: FormWidget = { Control: RichTextControl };

/** The body in the details, rendered as the readers see it (the server cleaned it; the browser cleans again). */
function BodyView({ row }: { row: Record<string, unknown> }) {
  const lang = useLang();
  return (
    <section aria-label={pick(articleResource.fields.body.label, lang)} data-testid="article-body">
      <h4 className="gx-form-section-title">{pick(articleResource.fields.body.label, lang)}</h4>
      <SafeHtml html={typeof row.body === 'string' ? row.body : ''} className="gx-article-body" />
    </section>
  );
}

const parts: ResourceParts = {
  widgets: { richText: richTextWidget, articleCover: articleCoverWidget },
  fieldGroups: [{ fields: ['body'], View: BodyView }],
};

/** Articles: the generic list and actions, the cover upload, the rich-text body with its preview. */
export default function ArticlePage() {
  return <ResourcePage decl={articleResource} parts={parts} />;
}
