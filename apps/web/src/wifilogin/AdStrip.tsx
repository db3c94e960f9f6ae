import type { WifiAd } from '@gx/contract';

interface Props {
  ads: readonly WifiAd[];
  label: string;
  testId: string;
  /** The guest opened this ad's link (counted by the server; the link opens whatever that answers). */
  onOpen: (ad: WifiAd) => void;
}

/** The ads of a guest page, slot after slot as the server orders them; a linked ad opens in a new tab. */
export function AdStrip({ ads, label, testId, onOpen }: Props) {
  if (!ads.length) return null;
  return (
    <div className="gx-public-ads" aria-label={label} data-testid={testId}>
      {ads.map((ad) => {
        const img = <img src={ad.image} alt={ad.title} loading="lazy" />;
        return ad.link ? (
          <a key={ad.id} href={ad.link} target="_blank" rel="noopener noreferrer" data-slot={ad.slot_id} onClick={() => onOpen(ad)}>{img}</a>
        ) : <div key={ad.id} data-slot={ad.slot_id}>{img}</div>;
      })}
    </div>
  );
}
