/**
 * Paths reachable without a session (SPEC §2 "Routes reachable without login", standalone dashboards included).
 * /404 is added so a lost visitor sees the not-found page rather than a login form. /wifilogin is not the console's:
 * the server sends its own small page (apps/web/wifilogin.html).
 */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/register',
  '/wxlogin',
  '/wxbindpage',
  '/mqttDemo',
  '/inquiry',
  '/workOrder',
  '/appDownload',
  '/largechat',
  '/permission',
  '/privacypolicy',
  '/authorizedtoreceive',
  '/agents',
  '/ProjectCollaboration',
  '/screenhome',
  '/tvscreenhome',
  '/SD_WAN_Largescreen',
  '/404',
]);

/** Public paths with a parameter: a screen's render page and its guests' chat page carry its token (the capability) in the path. */
export const PUBLIC_PREFIXES: readonly string[] = ['/screen-render/', '/screen-chat/'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));
}
