import type { FastifyInstance } from 'fastify';
import type { AreaManifest, ResourceDecl } from '@gx/contract';
import { permissionKeys, type EndpointDeps, type EndpointSpec } from './endpoint';
import { resourceEndpoints } from '../resources/endpoint';
import { ResourceRegistry } from '../resources/registry';
import type { ResourceServer } from '../resources/types';

/**
 * One area of the server, named as in the contract (`areas/<key>/manifest.ts`) and the console
 * (`apps/web/src/areas/<key>/`): its menus and pages (the manifest), its resources (each binding serves its whole
 * endpoint family), its other POST endpoints, and a Fastify plugin for whatever else it needs — GET downloads,
 * redirects, streams, `onReady`/`onClose` work.
 */
export interface ServerArea {
  key: string;
  /** The sidebar section and pages; areas behind the shell (sign-in, profile, uploads) have none. */
  manifest?: AreaManifest;
  /** Resource bindings (`defineResource`); their endpoint families are generated. */
  resources?: readonly ResourceServer[];
  /** Declarations served by hand-written endpoints rather than a binding (the API document describes them). */
  declarations?: readonly ResourceDecl[];
  /** Hand-written POST endpoints (shell calls, extra paths). */
  endpoints?: readonly EndpointSpec[];
  /** Registered in its own encapsulated Fastify context, after the endpoints. */
  plugin?: (app: FastifyInstance, deps: EndpointDeps) => Promise<void> | void;
  /**
   * Register the plugin on the root instance: for an area whose decorations request handlers read through
   * `req.server` (the device channel), which an encapsulated context would hide.
   */
  sharesRoot?: boolean;
}

export function defineServerArea(area: ServerArea): ServerArea {
  return area;
}

export function endpointsOf(areas: readonly ServerArea[]): EndpointSpec[] {
  return areas.flatMap((a) => [...(a.resources ?? []).flatMap(resourceEndpoints), ...(a.endpoints ?? [])]);
}

/** The resources the areas serve, looked up by key at request time (references) and by the API document. */
export function registryOf(areas: readonly ServerArea[]): ResourceRegistry {
  return new ResourceRegistry(areas.flatMap((a) => a.resources ?? []), areas.flatMap((a) => a.declarations ?? []));
}

export function manifestsOf(areas: readonly ServerArea[]): AreaManifest[] {
  return areas.flatMap((a) => (a.manifest ? [a.manifest] : [])).sort((a, b) => a.order - b.order);
}

/** What the seed needs from the areas: the menus to create and the permission keys roles can be granted. */
export interface SeedInput {
  manifests: readonly AreaManifest[];
  keys: readonly string[];
}

export function seedInputOf(areas: readonly ServerArea[], extra: readonly EndpointSpec[] = []): SeedInput {
  return { manifests: manifestsOf(areas), keys: permissionKeys([...endpointsOf(areas), ...extra]) };
}
