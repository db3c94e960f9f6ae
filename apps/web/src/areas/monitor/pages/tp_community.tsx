import { TemplateEditor } from '../studio/TemplateEditor';

/** SPEC §2 tp_community: the shared template editor on its style preset. */
export default function TemplateEditorPage() {
  return <TemplateEditor preset="community" />;
}
