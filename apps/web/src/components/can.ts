/** Button permission check (SPEC §6): administrators see everything, others what their btnlist grants. */
export interface Grants {
  isAdmin: boolean;
  btnlist: readonly string[];
}

export function can(perm: string | readonly string[], grants: Grants): boolean {
  if (grants.isAdmin) return true;
  const wanted = typeof perm === 'string' ? [perm] : perm;
  return wanted.some((p) => grants.btnlist.includes(p));
}
