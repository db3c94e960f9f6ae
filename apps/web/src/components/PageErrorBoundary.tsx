import type { ReactNode } from 'react';
import { Button } from 'antd';
import i18n from '../locales';
import { FailureBoundary } from './FailureBoundary';

/**
 * A crashed page shows a retry, and the shell around it keeps working; a page whose code could not be downloaded
 * offers a reload instead (`FailureBoundary`), which also brings the new console after a deploy.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <FailureBoundary
      fallback={(retry) => (
        <div className="gx-page-error" role="alert">
          <p>{i18n.t('common.pageError')}</p>
          <Button onClick={retry}>{i18n.t('common.retry')}</Button>
        </div>
      )}
    >
      {children}
    </FailureBoundary>
  );
}
