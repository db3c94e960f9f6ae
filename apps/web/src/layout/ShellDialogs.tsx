import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useDialogs, type DialogName } from '../store/dialogs';
import type { DialogBaseProps } from '../components/dialog/types';
import { dialogFiles, dialogNameOf } from './dialogRegistry';

/** Each dialog's code (antd forms, DOMPurify, the virtual list) is fetched the first time it opens. */
const components = new Map<string, LazyExoticComponent<ComponentType<DialogBaseProps>>>(
  Object.entries(dialogFiles).map(([file, load]) => [dialogNameOf(file), lazy(load)]),
);

function Host<K extends DialogName>({ name }: { name: K }) {
  const entry = useDialogs((s) => s.dialogs[name]);
  const close = useDialogs((s) => s.close);
  if (!entry) return null;
  // `open(name, props)` is typed per dialog (store/dialogs.ts), so the props stored for `name` are that dialog's.
  const Dialog = components.get(name);
  if (!Dialog) throw new Error(`dialog ${name} has no file: add apps/web/src/areas/<area>/dialogs/${name.charAt(0).toUpperCase()}${name.slice(1)}Dialog.tsx`);
  return (
    <Suspense fallback={null}>
      <Dialog open={entry.open} onClose={() => close(name)} {...(entry.props ?? {})} />
    </Suspense>
  );
}

/** The shell's dialogs (SPEC §2 Dialogs), mounted once a widget opens them (store/dialogs.ts). */
export function ShellDialogs() {
  const names = useDialogs((s) => Object.keys(s.dialogs).join(','));
  return (
    <>
      {names
        .split(',')
        .filter(Boolean)
        .map((name) => (
          <Host key={name} name={name as DialogName} />
        ))}
    </>
  );
}
