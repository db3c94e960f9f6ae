import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import i18n from '../locales';
import { ApiError, NetworkError } from '../api/errors';
import { toast } from '../api/feedback';
import { RouteProgress } from '../components/RouteProgress';
import { usePermissionStore } from '../store/permission';
import { useUserStore } from '../store/user';
import { decide, loginRedirect } from './decide';
import { loadSession } from './loadSession';
import { useDocumentTitle } from './useDocumentTitle';

/** The server's message, or for anything else the generic fallback (SPEC §8 "the thrown error or Has Error"). */
function failureText(err: unknown): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof NetworkError) return i18n.t('request.networkError');
  return i18n.t('request.hasError');
}

/**
 * The route guard (SPEC §2). Every navigation is decided by `decide`; on first navigation with a token the session
 * is loaded, after which the same navigation is decided again against the newly registered routes.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = useUserStore((s) => s.token !== '');
  const userLoaded = useUserStore((s) => s.loaded);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const decision = decide(fullPath, { hasToken, userLoaded });
  useDocumentTitle(location.pathname);

  const loading = decision.action === 'load';
  useEffect(() => {
    if (!loading) return;
    let current = true;
    loadSession().catch((err: unknown) => {
      if (!current) return;
      useUserStore.getState().resetToken();
      usePermissionStore.getState().reset();
      toast('error', failureText(err));
      navigate(loginRedirect(fullPath), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [loading, fullPath, navigate]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'load') return <RouteProgress />;
  return children;
}
