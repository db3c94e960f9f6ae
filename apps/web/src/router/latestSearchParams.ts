/**
 * The query as the address bar has it now. The router renders a new location in a transition, so on a busy machine a
 * click can land before that render; a change built on the hook's params would then drop the previous change.
 */
export function latestSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
