import type { ReactNode } from 'react';
import { Button } from 'antd';
import i18n from '../locales';
import { FailureBoundary } from './FailureBoundary';

/**
 * A failing page shows a retry, and the shell around it keeps working. A page whose code could not be fetched offers
 * a reload instead (`isChunkLoadError`): rendering again would fail again; a reload fetches the page (and, after a
 * deploy, the new console) anew.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <FailureBoundary
      fallback={({ unreachable, retry }) => (unreachable ? (
        <div className="gx-page-error" role="alert" data-testid="page-unreachable">
          <p>{i18n.t('common.pageUnreachable')}</p>
          <Button type="primary" onClick={() => window.location.reload()}>{i18n.t('common.reload')}</Button>
        </div>
      ) : (
        <div className="gx-page-error" role="alert">
          <p>{i18n.t('common.pageError')}</p>
          <Button onClick={retry}>{i18n.t('common.retry')}</Button>
        </div>
      ))}
    >
      {children}
    </FailureBoundary>
  );
}
