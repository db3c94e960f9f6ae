import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOKEN_COOKIE } from '@gx/contract';
import { loginRedirect } from '../../../router/decide';
import { getCookie } from '../../../utils/cookie';
import { queryClient } from '../../../api/queryClient';
import { BigDataScreen } from './BigDataScreen';
import { LargeChatScreen } from './LargeChatScreen';
import { ScreenSignIn } from './ScreenSignIn';
import { SdwanScreen } from './SdwanScreen';
import { useScreenKey } from './useScreen';

/**
 * The big screens open outside the console's layout, with the signed-in session or with a display link (`?key=`, a
 * display nobody signs in on); with neither they say so and offer to sign in.
 */
function ScreenAccess({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const key = useScreenKey();
  if (!key && !getCookie(TOKEN_COOKIE)) return <ScreenSignIn title={t(title)} signIn={loginRedirect(pathname + search)} />;
  // The console's query cache, which the live stream keeps current (the layout's provider is not above these routes).
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function ScreenHome() {
  return <ScreenAccess title="screens.bigdataTitle"><BigDataScreen /></ScreenAccess>;
}

export function TvScreenHome() {
  return <ScreenAccess title="screens.tvTitle"><BigDataScreen tv /></ScreenAccess>;
}

export function SdwanLargeScreen() {
  return <ScreenAccess title="screens.sdwanTitle"><SdwanScreen /></ScreenAccess>;
}

export function LargeChat() {
  return <ScreenAccess title="screens.largechatTitle"><LargeChatScreen /></ScreenAccess>;
}
