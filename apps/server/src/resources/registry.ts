import type { ResourceDecl } from '@gx/contract';
import type { ResourceServer } from './types';

/**
 * Resources known to this server, by key. Filled as area modules define their resources; references between
 * resources (a user's roles, an order's cloud app) and the authorization matrix look bindings up here.
 */
const bindings = new Map<string, ResourceServer>();
/** Declarations served by hand-written endpoints (no table binding), e.g. the nic page. */
const declsOnly = new Map<string, ResourceDecl>();

export function registerBinding(b: ResourceServer): void {
  if (bindings.has(b.decl.key) || declsOnly.has(b.decl.key)) throw new Error(`resource ${b.decl.key} defined twice`);
  bindings.set(b.decl.key, b);
}

export function registerDeclaration(decl: ResourceDecl): void {
  if (bindings.has(decl.key) || declsOnly.has(decl.key)) throw new Error(`resource ${decl.key} defined twice`);
  declsOnly.set(decl.key, decl);
}

export function bindingOf(key: string): ResourceServer | undefined {
  return bindings.get(key);
}

export function allBindings(): ResourceServer[] {
  return [...bindings.values()];
}

/** Every served declaration, with or without a table binding. */
export function servedDeclarations(): ResourceDecl[] {
  return [...[...bindings.values()].map((b) => b.decl), ...declsOnly.values()];
}
