import { portalAdvertResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { advertImageWidget } from '../widgets/AdvertImage';

/** Ads on the guest sign-in page (/wifilogin); the image is uploaded beside its link field. */
const parts: ResourceParts = { widgets: { advertImage: advertImageWidget } };

export default function AdvertisingPage() {
  return <ResourcePage decl={portalAdvertResource} parts={parts} />;
}
