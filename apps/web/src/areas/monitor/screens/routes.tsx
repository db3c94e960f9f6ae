import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOKEN_COOKIE } from '@gx/contract';
import { loginRedirect } from '../../../router/decide';
import { getCookie } from '../../../utils/cookie';
import { queryClient } from '../../../api/queryClient';
import { BigDataScreen } from './BigDataScreen';
import { LargeChatScreen } from './LargeChatScreen';
import { SdwanScreen } from './SdwanScreen';

/** The big screens open outside the console's layout but need the signed-in session: without a token, sign in first. */
function Signed({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!getCookie(TOKEN_COOKIE)) return <Navigate to={loginRedirect(pathname + search)} replace />;
  // The console's query cache, which the live stream keeps current (the layout's provider is not above these routes).
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function ScreenHome() {
  return <Signed><BigDataScreen /></Signed>;
}

export function TvScreenHome() {
  return <Signed><BigDataScreen tv /></Signed>;
}

export function SdwanLargeScreen() {
  return <Signed><SdwanScreen /></Signed>;
}

export function LargeChat() {
  return <Signed><LargeChatScreen /></Signed>;
}
