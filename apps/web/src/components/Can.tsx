import type { ReactNode } from 'react';
import { useUserStore } from '../store/user';
import { can } from './can';

/** `useCan()('system.user.add')`: the current user's button permission check. */
export function useCan(): (perm: string | readonly string[]) => boolean {
  const isAdmin = useUserStore((s) => s.isAdmin);
  const btnlist = useUserStore((s) => s.btnlist);
  return (perm) => can(perm, { isAdmin, btnlist });
}

/** Renders its children only when the user holds `perm` (any of them, for a list); otherwise `fallback`. */
export function Can({ perm, children, fallback = null }: { perm: string | readonly string[]; children: ReactNode; fallback?: ReactNode }) {
  return useCan()(perm) ? children : fallback;
}
