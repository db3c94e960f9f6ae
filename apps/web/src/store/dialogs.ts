import { create } from 'zustand';
import type { InboxNotice } from '@gx/contract';

/**
 * Which shell dialog is open (SPEC §2 Dialogs). Widgets open a dialog by name; `<ShellDialogs>` in the layout loads
 * its code on first use. A dialog stays mounted after closing so antd can animate it out.
 */
export interface DialogProps {
  personalData: { forced: boolean };
  changePassword: undefined;
  pageConfig: undefined;
  succession: undefined;
  joinOrganization: undefined;
  createOrganization: undefined;
  organizations: undefined;
  suggestion: undefined;
  notifications: undefined;
  /** An announcement or notification opened from the scroller or the carousel. */
  notificationDetail: { item: InboxNotice };
}

export type DialogName = keyof DialogProps;

type Opened = { [K in DialogName]?: { open: boolean; props: DialogProps[K] } };

export interface DialogsState {
  dialogs: Opened;
  open: <K extends DialogName>(name: K, ...props: DialogProps[K] extends undefined ? [] : [DialogProps[K]]) => void;
  close: (name: DialogName) => void;
}

export const useDialogs = create<DialogsState>()((set) => ({
  dialogs: {},
  open: (name, ...props) => set((s) => ({ dialogs: { ...s.dialogs, [name]: { open: true, props: props[0] } } })),
  close: (name) =>
    set((s) => {
      const current = s.dialogs[name];
      return current ? { dialogs: { ...s.dialogs, [name]: { ...current, open: false } } } : s;
    }),
}));
