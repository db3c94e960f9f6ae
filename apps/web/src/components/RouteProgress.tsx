import { useSettingsStore } from '../store/settings';

/** A thin indeterminate bar at the top of the window while a route loads (SPEC §9 route progress on). */
export function RouteProgress() {
  const show = useSettingsStore((s) => s.showProgress);
  return show ? <div className="gx-route-progress" role="progressbar" aria-busy="true" /> : null;
}
