import type { ResourceDecl } from '@gx/contract';
import type { ResourceServer } from './types';

/**
 * The resources one server serves, by key, built from its list of areas (no import-time global): references
 * between resources (a user's roles, an order's cloud app), the API document and the authorization matrix look
 * bindings up here.
 */
export class ResourceRegistry {
  private readonly bindings = new Map<string, ResourceServer>();
  /** Declarations served by hand-written endpoints (no table binding), e.g. the nic page. */
  private readonly declsOnly = new Map<string, ResourceDecl>();

  constructor(bindings: readonly ResourceServer[], declarations: readonly ResourceDecl[] = []) {
    for (const b of bindings) {
      if (this.bindings.has(b.decl.key)) throw new Error(`resource ${b.decl.key} defined twice`);
      this.bindings.set(b.decl.key, b);
    }
    for (const d of declarations) {
      if (this.bindings.has(d.key) || this.declsOnly.has(d.key)) throw new Error(`resource ${d.key} defined twice`);
      this.declsOnly.set(d.key, d);
    }
  }

  bindingOf(key: string): ResourceServer | undefined {
    return this.bindings.get(key);
  }

  allBindings(): ResourceServer[] {
    return [...this.bindings.values()];
  }

  /** Every served declaration, with or without a table binding. */
  servedDeclarations(): ResourceDecl[] {
    return [...[...this.bindings.values()].map((b) => b.decl), ...this.declsOnly.values()];
  }
}
