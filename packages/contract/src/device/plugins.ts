/**
 * Plugin identifiers and versions as the device protocol carries them (`plugin_install`, `plugin_remove`) and the
 * plugin library stores them; re-exported by `resources/business/plugin.ts`.
 */

/** A plugin's identifier: lowercase letters and digits in dash-separated words (`wifi-analyzer`). */
export const PLUGIN_NAME_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PLUGIN_NAME_MAX = 64;
/** A plugin version: semantic versioning (`1.2.0`, `2.0.0-beta.1`, `1.0.0+build.5`). */
export const PLUGIN_VERSION_RE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
export const PLUGIN_VERSION_MAX = 64;
