import { Tabs } from 'antd';
import { clusterResource, organizationClusterResource } from '@gx/contract';
import { ResourceList } from '../../../resources/ResourceList';
import { ResourcePage } from '../../../resources/ResourcePage';
import { useLang } from '../../../resources/useLang';

/** Service clusters, and which cluster serves each organisation: one page, two lists. */
export default function ClusterPage() {
  const lang = useLang();
  return (
    <ResourcePage decl={clusterResource}>
      <Tabs
        items={[
          { key: 'cluster', label: clusterResource.title[lang], children: <ResourceList decl={clusterResource} /> },
          { key: 'organization', label: organizationClusterResource.title[lang], children: <ResourceList decl={organizationClusterResource} /> },
        ]}
      />
    </ResourcePage>
  );
}
