/**
 * Paths of the portal's own calls (the resources carry theirs). A file of its own, free of schemas, so the guest's
 * Wi-Fi page can import it without zod (apps/web/vite.wifilogin.config.ts).
 */
export const PortalApi = {
  /** Signed-in: the organisation's WeChat official-account menu (`detail`, `save`, `publish`). SPEC §7. */
  wechatMenu: '/admin/other_business/wechat_menu',
  /** Public: device serial → warranty/authenticity (`/inquiry`). */
  inquiry: '/public/inquiry',
  /** Public: name, phone or certificate number → authorised agent or not (`/agents`). */
  agents: '/public/agents',
  /** Public: the guest sign-in page `/wifilogin` (`config`, `send_code`, `wechat_url`, `login`). */
  wifilogin: '/public/wifilogin',
} as const;
