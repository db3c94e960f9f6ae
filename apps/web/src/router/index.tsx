import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RouteProgress } from '../components/RouteProgress';
import { DASHBOARD_PATH, LOGIN_PATH, NOT_FOUND_PATH, WXLOGIN_PATH } from '../config/constants';
import { usePermissionStore } from '../store/permission';
import { RouteGuard } from './guard';

const Login = lazy(() => import('../pages/login'));
const NotFound = lazy(() => import('../pages/error/NotFound'));
const Layout = lazy(() => import('../layout'));
const RedirectPage = lazy(() => import('../pages/redirect'));
const WxLogin = lazy(() => import('../pages/wxlogin'));

/**
 * Constant routes plus the routes registered from the user's menus. Menu pages have no element here: the layout's
 * AppMain renders them itself so that visited tabs stay alive.
 */
export function AppRoutes() {
  const routes = usePermissionStore((s) => s.routes);
  return (
    <RouteGuard>
      <Suspense fallback={<RouteProgress />}>
        <Routes>
          <Route path={LOGIN_PATH} element={<Login />} />
          <Route path={NOT_FOUND_PATH} element={<NotFound />} />
          <Route path={WXLOGIN_PATH} element={<WxLogin />} />
          <Route path="/" element={<Layout />}>
            <Route index element={<Navigate to={DASHBOARD_PATH} replace />} />
            <Route path="redirect/*" element={<RedirectPage />} />
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.redirect ? <Navigate to={r.redirect} replace /> : null} />
            ))}
          </Route>
          <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
        </Routes>
      </Suspense>
    </RouteGuard>
  );
}
