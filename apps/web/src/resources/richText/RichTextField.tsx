import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './RichTextEditor';

// tiptap is fetched when a form holding rich text opens, never with a list or the console's first load.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** A `richtext` field's control: the editor, loaded on first use. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} data-testid={`${props.testId}-loading`} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
