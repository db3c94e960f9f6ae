import { actionsOf, DENIED_KEY, type ActionView, type OptionValue, type ResourceDecl } from '@gx/contract';
import type { Row } from '../api/resource';

/**
 * Which of a resource's buttons a user sees, and where: the declaration lists them with their permission keys
 * (`actionsOf`), `btnlist` decides. The server checks the same keys on every call; hiding is only a courtesy.
 */
export interface VisibleActions {
  /** Add, import, export. */
  toolbar: ActionView[];
  /** Buttons on each row: details, edit, state and custom actions, delete. */
  row: ActionView[];
  /** Buttons acting on the selected rows. */
  bulk: ActionView[];
}

/** `allowed` is the `<Can>` check of the current user (`useCan()`): administrators pass, others need the key. */
export function visibleActions(decl: ResourceDecl, allowed: (key: string) => boolean): VisibleActions {
  // Add and edit need a form to show; a declaration without one offers neither.
  const granted = actionsOf(decl).filter((a) => allowed(a.key) && (a.kind !== 'add' && a.kind !== 'update' ? true : Boolean(decl.form)));
  return {
    toolbar: granted.filter((a) => a.placement === 'toolbar'),
    row: granted.filter((a) => a.placement === 'row' || a.placement === 'both'),
    // An action asking for fields is offered for several rows only where declared so (one form for all of them).
    bulk: granted.filter((a) => a.placement === 'bulk' || a.placement === 'both'),
  };
}

/** A state action applies only to rows in one of its `from` states (enable shows on disabled rows only). */
export function appliesTo(decl: ResourceDecl, action: ActionView, row: Row): boolean {
  const declared = decl.actions?.find((a) => a.name === action.method);
  if (!declared?.transition) return true;
  return declared.transition.from.includes(row[declared.transition.field] as OptionValue);
}

/** Why the server would refuse the action on the row (it says so per listed row), or undefined when it would not. */
export function refusalOn(row: Row, action: ActionView): string | undefined {
  const denied = row[DENIED_KEY] as Record<string, string> | undefined;
  return denied?.[action.method];
}

/** The row's actions the user may take: granted, applicable to its state, and not refused by the server's rule. */
export function allowedOn(decl: ResourceDecl, actions: readonly ActionView[], row: Row): ActionView[] {
  return actions.filter((a) => appliesTo(decl, a, row) && refusalOn(row, a) === undefined);
}
