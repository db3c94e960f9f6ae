import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AdPage, WifiAd } from '@gx/contract';
import { portalAdSlots, portalAdStats, portalAdverts } from '../../db/schema';
import type { Executor } from '../../db/client';

const HOUR_MS = 3_600_000;

/** A live ad as the guest pages show it, with the prices of its slot. */
export interface LiveAd extends WifiAd { cpmCents: number; cpcCents: number }

/** What the guest's page is given of an ad (not its prices). */
export const wifiAd = ({ id, title, image, link, slot_id }: LiveAd): WifiAd => ({ id, title, image, link, slot_id });

/**
 * The ads a guest sees on a page (or on either) at a place: enabled ads inside their schedule, at the place or at
 * every place, in enabled slots of that page; each slot its first `max_ads` by the ads' order, slots in the order
 * they were made.
 */
export async function liveAds(exec: Executor, orgId: number, place: string, page: AdPage | undefined, now: Date): Promise<LiveAd[]> {
  const rows = await exec.select({
    id: portalAdverts.id, title: portalAdverts.title, image: portalAdverts.image, link: portalAdverts.link, slot_id: portalAdverts.slotId,
    maxAds: portalAdSlots.maxAds, cpmCents: portalAdSlots.cpmCents, cpcCents: portalAdSlots.cpcCents,
  }).from(portalAdverts).innerJoin(portalAdSlots, eq(portalAdSlots.id, portalAdverts.slotId)).where(and(
    eq(portalAdverts.orgId, orgId), eq(portalAdverts.status, 1), lte(portalAdverts.startsAt, now), gt(portalAdverts.endsAt, now),
    inArray(portalAdverts.place, place ? [place, ''] : ['']), page ? eq(portalAdSlots.placement, page) : undefined, eq(portalAdSlots.status, 1),
  )).orderBy(asc(portalAdSlots.id), asc(portalAdverts.sort), asc(portalAdverts.id)).limit(200);
  const shown = new Map<number, number>();
  const out: LiveAd[] = [];
  for (const { maxAds, ...ad } of rows) {
    const n = shown.get(ad.slot_id) ?? 0;
    if (n >= maxAds) continue;
    shown.set(ad.slot_id, n + 1);
    out.push(ad);
  }
  return out;
}

/** One ad the guest may be shown now, on whichever page; undefined when it is not (or is past its slot's cap). */
export async function liveAd(exec: Executor, orgId: number, place: string, id: number, now: Date): Promise<LiveAd | undefined> {
  return (await liveAds(exec, orgId, place, undefined, now)).find((ad) => ad.id === id);
}

/**
 * Counts views (one per ad shown) or a click, with what they earn at the slot's present prices, in the hour they
 * happen and on the ads' all-time counters; one transaction, so a report never sees the one without the other.
 */
export async function countAdEvents(exec: Executor, orgId: number, ads: readonly LiveAd[], kind: 'view' | 'click', now: Date): Promise<void> {
  if (!ads.length) return;
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const click = kind === 'click' ? 1 : 0;
  await exec.transaction(async (tx) => {
    await tx.insert(portalAdStats).values(ads.map((ad) => ({
      orgId, advertId: ad.id, slotId: ad.slot_id, hour, views: 1 - click, clicks: click,
      earnedMilli: click ? ad.cpcCents * 1000 : ad.cpmCents,
    }))).onConflictDoUpdate({
      target: [portalAdStats.advertId, portalAdStats.hour],
      set: {
        views: sql`${portalAdStats.views} + excluded.views`,
        clicks: sql`${portalAdStats.clicks} + excluded.clicks`,
        earnedMilli: sql`${portalAdStats.earnedMilli} + excluded.earned_milli`,
      },
    });
    const counter = click ? portalAdverts.clicks : portalAdverts.views;
    await tx.update(portalAdverts).set(click ? { clicks: sql`${counter} + 1` } : { views: sql`${counter} + 1` })
      .where(inArray(portalAdverts.id, ads.map((a) => a.id)));
  });
}
