import type { AreaManifest } from '@gx/contract';
import { defineServerArea, type ServerArea } from '../http/area';

/**
 * Areas with menus and pages but no server code yet (none today: every area has its plugin). An area that gains
 * endpoints moves to a folder of its own with a `plugin.ts`.
 */
const manifests: AreaManifest[] = [];

export const pageOnlyAreas: ServerArea[] = manifests.map((manifest) => defineServerArea({ key: manifest.key, manifest }));
