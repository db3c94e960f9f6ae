import type { Label, PermissionDecl, ResourcePageDecl } from '../resources/types';

export type { PermissionDecl };

/**
 * A page a resource declaration asks for (`decl.page`), as the generated `pages.generated.ts` holds it: plain data,
 * so menus and route titles never load a declaration.
 */
export interface DeclaredPage extends ResourcePageDecl {
  /** The declaring resource's key, and its title (the page's). */
  resource: string;
  title: Label;
}

/**
 * One page of an area: its menu entry and what it renders. A page renders the `resource` it names (no console file
 * needed) unless the console has a custom page `apps/web/src/areas/<area>/pages/<key>.tsx`; a page with neither is
 * an `overview` (SPEC §2 area still to be built: the console opens the area overview listing its pages).
 */
export interface PageDecl {
  /** Menu name `<area>-<key>`, title key `route.<area>.<key>`, component key `<area>/<key>`. */
  key: string;
  /** Relative to `/<area>`, or absolute when it starts with `/`. */
  path: string;
  title: Label;
  icon?: string;
  hidden?: boolean;
  noCache?: boolean;
  affix?: boolean;
  /** Opens outside the console (big screens). */
  external?: boolean;
  /** The resource the page lists; its buttons (`<resource>.*`) are granted under this page. */
  resource?: string;
  /** Further resources shown on this page (tabs, detail tabs) whose buttons are granted under it. */
  alsoResources?: readonly string[];
  /** Buttons of this page that are not operations of its resources. */
  permissions?: readonly PermissionDecl[];
  /** Rendered by a custom console page (`apps/web/src/areas/<area>/pages/<key>.tsx`) even without a resource. */
  custom?: boolean;
  /** SPEC §2 page not built yet: the console shows the area overview. */
  overview?: boolean;
}

/**
 * An area: one sidebar section with its pages, named the same in the contract (`areas/<key>/manifest.ts`), the
 * server (`apps/server/src/modules/<key>/plugin.ts`) and the console (`apps/web/src/areas/<key>/`).
 */
export interface AreaManifest {
  key: string;
  /** Sidebar order; smaller first. */
  order: number;
  title: Label;
  icon: string;
  /** `section` (default): a sidebar section with its pages beneath; `root`: pages are top-level entries. */
  kind?: 'section' | 'root';
  pages: readonly PageDecl[];
}

export function defineArea<const A extends AreaManifest>(area: A): A {
  return area;
}
