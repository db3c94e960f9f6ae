import type { ComponentType } from 'react';
import type { DialogBaseProps } from '../components/dialog/types';

type DialogModule = { default: ComponentType<DialogBaseProps> };

/**
 * The shell's dialogs by file convention, like the pages (router/pageRegistry.ts): `areas/<area>/dialogs/<Name>Dialog.tsx`
 * (or `<Name>Drawer.tsx`) is the dialog `<name>` that widgets open by name (store/dialogs.ts types its props). An
 * area adds a dialog by adding its file; each file is fetched the first time its dialog opens.
 */
export const dialogFiles = import.meta.glob<DialogModule>('../areas/*/dialogs/*.tsx');

/** `…/dialogs/ChangePasswordDialog.tsx` → `changePassword`. */
export function dialogNameOf(file: string): string {
  const base = /\/dialogs\/([^/]+)\.tsx$/.exec(file)?.[1] ?? file;
  const name = base.replace(/(Dialog|Drawer)$/, '');
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export const dialogNames: readonly string[] = Object.keys(dialogFiles).map(dialogNameOf);
