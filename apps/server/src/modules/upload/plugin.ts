import { defineServerArea } from '../../http/area';
import { registerTicker } from '../../http/ticker';
import { collectUnusedMedia, mediaHoldersOf } from './mediaUse';
import { registerUploads } from './serve';

/** How often the garbage collector looks for files nothing uses any more. */
const MEDIA_GC_TICK_MS = 5 * 60_000;

/**
 * Uploaded images and videos, served by GET (uploading is a method of the endpoint that owns the image), and the
 * garbage collector that deletes the ones nothing uses once MEDIA_GC_GRACE_MINUTES have passed.
 */
export const uploadArea = defineServerArea({
  key: 'upload',
  plugin(app, deps) {
    registerUploads(app, deps);
    const holders = mediaHoldersOf(deps.resources);
    registerTicker(app, MEDIA_GC_TICK_MS,
      () => collectUnusedMedia(deps.database.db, holders, deps.services.files, deps.services.now(), deps.config.mediaGcGraceMs),
      (err) => app.log.error({ err }, 'media garbage collection'));
  },
});
