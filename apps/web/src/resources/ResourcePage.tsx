import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDecl } from '@gx/contract';
import { usePageRoute } from '../router/PageRouteContext';
import { ResourceList } from './ResourceList';
import type { ResourceParts } from './types';
import { useLang } from './useLang';
import './resource.css';

interface Props {
  decl: ResourceDecl;
  parts?: ResourceParts;
  /** Instead of one list: the page's own arrangement (tabs of several resources). */
  children?: ReactNode;
}

/** A resource's page: the menu's title, then its list with everything the declaration offers. */
export function ResourcePage({ decl, parts, children }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const route = usePageRoute();
  return (
    <div className="gx-resource-page" data-testid={`resource-page-${decl.key}`}>
      <h2 className="gx-page-title">{route ? t(route.meta.title) : decl.title[lang]}</h2>
      {parts?.header}
      {children ?? <ResourceList decl={decl} parts={parts} />}
    </div>
  );
}
