import { useEffect } from 'react';
import { MOBILE_BREAKPOINT } from '../config/constants';
import { useAppStore } from '../store/app';

/** Below 992px the device is mobile and the sidebar closes (SPEC §2 Responsive). */
export function useResponsive(): void {
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);
    const apply = () => {
      const mobile = query.matches;
      const app = useAppStore.getState();
      if (app.device !== (mobile ? 'mobile' : 'desktop')) app.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && app.sidebar.opened) app.closeSidebar(true);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
}
