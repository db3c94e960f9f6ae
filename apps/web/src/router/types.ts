/** A route registered from the server's menu tree (SPEC §3 menu/route entry, flattened). */
export interface RouteMeta {
  /** i18n key, e.g. `route.system.user`. */
  title: string;
  icon: string;
  hidden: boolean;
  noCache: boolean;
  affix: boolean;
}

export interface Crumb {
  title: string;
  path: string;
}

export interface AppRoute {
  /** Absolute path. */
  path: string;
  name: string;
  /** Page registry key; empty for a section, which only redirects. */
  component: string;
  /** Where a section sends its visitors; empty for pages. */
  redirect: string;
  meta: RouteMeta;
  /** Path of the enclosing section, or null at top level. */
  parentPath: string | null;
  /** Enclosing sections, outermost first (breadcrumb, search). */
  ancestors: Crumb[];
}
