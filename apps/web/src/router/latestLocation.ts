/**
 * The location as the address bar has it now. The router renders a new location in a transition, so on a busy
 * machine a click can land before that render; a change built on the hooks' location would then act on the page or
 * query before (dropping the previous change, or closing a tab as if its page were not the open one).
 */
export function latestSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** The path as the address bar has it now (see above). */
export function latestPathname(): string {
  return window.location.pathname;
}
