import { resourceByKey } from '@gx/contract';
import { ResourcePage } from './ResourcePage';

/**
 * The default page of a manifest page naming a resource: the resource's list, detail and forms, with no page file.
 * Loaded lazily, so the declarations stay out of the first load.
 */
export function ResourceKeyPage({ resourceKey }: { resourceKey: string }) {
  const decl = resourceByKey(resourceKey);
  // The manifests test checks every named resource exists; this guards a console older than its menus.
  if (!decl) throw new Error(`unknown resource ${resourceKey}`);
  return <ResourcePage decl={decl} />;
}
