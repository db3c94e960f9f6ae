/**
 * Deployment links the console shows but does not own (SPEC §2 navbar, §1 version banner), read at run time from
 * `/console-config.json` beside index.html, so an operator sets them without rebuilding:
 * - `newVersionUrl`: where the version banner of the default brand leads; empty hides the banner;
 * - `appDownloadUrl`, `supportUrl`: what the app-download and technical-support QR codes encode. Relative paths
 *   resolve against this host; the defaults are the console's own public /appDownload and /workOrder routes.
 */
export interface ConsoleConfig {
  newVersionUrl: string;
  appDownloadUrl: string;
  supportUrl: string;
}

export const CONSOLE_CONFIG_PATH = '/console-config.json';

const DEFAULTS: ConsoleConfig = { newVersionUrl: '', appDownloadUrl: '/appDownload', supportUrl: '/workOrder' };

function absolute(url: string): string {
  if (!url) return '';
  try {
    return new URL(url, location.origin).href;
  } catch {
    return '';
  }
}

function pick(raw: unknown, key: keyof ConsoleConfig): string {
  const v = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined;
  return absolute(typeof v === 'string' ? v.trim() : DEFAULTS[key]);
}

let loading: Promise<ConsoleConfig> | undefined;

/** Loaded once per page; a missing or broken file means the defaults. */
export function loadConsoleConfig(): Promise<ConsoleConfig> {
  loading ??= fetch(CONSOLE_CONFIG_PATH, { cache: 'no-cache', headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : undefined))
    .catch(() => undefined)
    .then((raw: unknown) => ({
      newVersionUrl: pick(raw, 'newVersionUrl'),
      appDownloadUrl: pick(raw, 'appDownloadUrl'),
      supportUrl: pick(raw, 'supportUrl'),
    }));
  return loading;
}
