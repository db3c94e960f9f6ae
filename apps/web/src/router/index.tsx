import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RouteProgress } from '../components/RouteProgress';
import { SCREEN_CHAT_ROUTE, SCREEN_RENDER_ROUTE } from '@gx/contract';
import { DASHBOARD_PATH, FORBIDDEN_PATH, LOGIN_PATH, NOT_FOUND_PATH, WXLOGIN_PATH } from '../config/constants';
import { usePermissionStore } from '../store/permission';
import { RouteGuard } from './guard';
import { isKnownPage } from './knownPage';

const Login = lazy(() => import('../pages/login'));
const NotFound = lazy(() => import('../pages/error/NotFound'));
const Forbidden = lazy(() => import('../pages/error/Forbidden'));
const Layout = lazy(() => import('../layout'));
const RedirectPage = lazy(() => import('../pages/redirect'));
const WxLogin = lazy(() => import('../pages/wxlogin'));
const Inquiry = lazy(() => import('../pages/inquiry'));
const Agents = lazy(() => import('../pages/agents'));
const WorkOrder = lazy(() => import('../pages/workOrder'));
const PrivacyPolicy = lazy(() => import('../pages/privacy'));
const MqttDemo = lazy(() => import('../pages/mqttDemo'));
const AppDownload = lazy(() => import('../pages/appDownload'));
const Receive = lazy(() => import('../pages/receive'));
const ProjectCollaboration = lazy(() => import('../pages/projectCollaboration'));
const Register = lazy(() => import('../pages/register'));
const WxBindPage = lazy(() => import('../pages/wxbindpage'));
const ScreenChat = lazy(() => import('../pages/screenChat'));
// The big screens (and ECharts with the map) load only when one is opened.
const ScreenHome = lazy(() => import('../areas/monitor/screens/routes').then((m) => ({ default: m.ScreenHome })));
const TvScreenHome = lazy(() => import('../areas/monitor/screens/routes').then((m) => ({ default: m.TvScreenHome })));
const ScreenRender = lazy(() => import('../areas/monitor/studio/ScreenRenderPage'));
const LargeChat = lazy(() => import('../areas/monitor/screens/routes').then((m) => ({ default: m.LargeChat })));
const SdwanLargeScreen = lazy(() => import('../areas/monitor/screens/routes').then((m) => ({ default: m.SdwanLargeScreen })));

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
          <Route path={FORBIDDEN_PATH} element={<Forbidden />} />
          <Route path={WXLOGIN_PATH} element={<WxLogin />} />
          <Route path="/inquiry" element={<Inquiry />} />
          <Route path="/agents" element={<Agents />} />
          <Route path="/workOrder" element={<WorkOrder />} />
          <Route path="/privacypolicy" element={<PrivacyPolicy />} />
          <Route path="/mqttDemo" element={<MqttDemo />} />
          <Route path="/appDownload" element={<AppDownload />} />
          <Route path="/authorizedtoreceive" element={<Receive />} />
          <Route path="/ProjectCollaboration" element={<ProjectCollaboration />} />
          <Route path="/register" element={<Register />} />
          <Route path="/wxbindpage" element={<WxBindPage />} />
          <Route path="/screenhome" element={<ScreenHome />} />
          <Route path="/tvscreenhome" element={<TvScreenHome />} />
          <Route path="/SD_WAN_Largescreen" element={<SdwanLargeScreen />} />
          <Route path="/largechat" element={<LargeChat />} />
          <Route path={`${SCREEN_RENDER_ROUTE}/:token`} element={<ScreenRender />} />
          <Route path={`${SCREEN_CHAT_ROUTE}/:token`} element={<ScreenChat />} />
          <Route path="/" element={<Layout />}>
            <Route index element={<Navigate to={DASHBOARD_PATH} replace />} />
            <Route path="redirect/*" element={<RedirectPage />} />
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.redirect ? <Navigate to={r.redirect} replace /> : null} />
            ))}
          </Route>
          <Route path="*" element={<Unmatched />} />
        </Routes>
      </Suspense>
    </RouteGuard>
  );
}

/** A URL no granted route matches: a page the manifests declare is forbidden to this user (403), anything else 404. */
function Unmatched() {
  const { pathname } = useLocation();
  if (isKnownPage(pathname)) return <Navigate to={`${FORBIDDEN_PATH}?from=${encodeURIComponent(pathname)}`} replace />;
  return <Navigate to={NOT_FOUND_PATH} replace />;
}
