import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useDialogs, type DialogName, type DialogProps } from '../store/dialogs';
import type { DialogBaseProps } from './dialogs/types';

type DialogComponent<K extends DialogName> = LazyExoticComponent<
  ComponentType<DialogBaseProps & (DialogProps[K] extends undefined ? unknown : DialogProps[K])>
>;

/** Each dialog's code (antd forms, DOMPurify, the virtual list) is fetched the first time it opens. */
const components: { [K in DialogName]: DialogComponent<K> } = {
  personalData: lazy(() => import('./dialogs/PersonalDataDialog')),
  changePassword: lazy(() => import('./dialogs/ChangePasswordDialog')),
  pageConfig: lazy(() => import('./dialogs/PageConfigDialog')),
  succession: lazy(() => import('./dialogs/SuccessionDialog')),
  joinOrganization: lazy(() => import('./dialogs/JoinOrganizationDialog')),
  createOrganization: lazy(() => import('./dialogs/CreateOrganizationDialog')),
  organizations: lazy(() => import('./dialogs/OrganizationDrawer')),
  suggestion: lazy(() => import('./dialogs/SuggestionDialog')),
  notifications: lazy(() => import('./dialogs/NotificationsDialog')),
  notificationDetail: lazy(() => import('./dialogs/NotificationDetailDialog')),
};

function Host<K extends DialogName>({ name }: { name: K }) {
  const entry = useDialogs((s) => s.dialogs[name]);
  const close = useDialogs((s) => s.close);
  if (!entry) return null;
  // `open(name, props)` is typed per dialog (store/dialogs.ts), so the props stored for `name` are that dialog's.
  const Dialog = components[name] as unknown as ComponentType<DialogBaseProps>;
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
