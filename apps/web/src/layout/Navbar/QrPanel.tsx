import { QRCode } from 'antd';
import { SITE_COLOR } from '../../config/constants';

/** A QR code of `url` with a hint under it. */
export default function QrPanel({ url, hint, testId }: { url: string; hint: string; testId: string }) {
  return (
    <figure className="gx-qr" data-testid={testId} data-url={url}>
      <QRCode value={url} size={160} color={SITE_COLOR} bgColor="#ffffff" bordered={false} />
      <figcaption>{hint}</figcaption>
    </figure>
  );
}
