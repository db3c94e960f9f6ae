import { useEffect } from 'react';
import { useUserStore } from '../store/user';

/**
 * Loads the public domain configuration once and applies its favicon. The icon URL carries a timestamp so a changed
 * icon is never served from cache (SPEC §9).
 */
export function DomainBranding() {
  const icon = useUserStore((s) => s.domaindata?.icon);
  useEffect(() => {
    void useUserStore.getState().loadDomainConfig();
  }, []);
  useEffect(() => {
    if (!icon) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.createElement('link');
    link.rel = 'icon';
    link.removeAttribute('type');
    link.href = `${icon}${icon.includes('?') ? '&' : '?'}t=${Date.now()}`;
    if (!link.parentNode) document.head.appendChild(link);
  }, [icon]);
  return null;
}
