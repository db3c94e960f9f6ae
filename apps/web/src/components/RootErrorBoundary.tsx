import type { ReactNode } from 'react';
import i18n from '../locales';
import { FailureBoundary } from './FailureBoundary';

/**
 * The last guard, around the whole console: what fails outside a menu page (the layout's or a public page's code not
 * downloaded, a crash in the frame) shows a message and a reload rather than an empty window. Plain HTML, since the
 * login page loads without antd.
 */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <FailureBoundary
      fallback={() => (
        <div className="gx-page-error" role="alert" data-testid="page-error">
          <p>{i18n.t('common.pageError')}</p>
          <button type="button" className="gx-btn gx-btn-primary" onClick={() => window.location.reload()}>{i18n.t('common.reload')}</button>
        </div>
      )}
    >
      {children}
    </FailureBoundary>
  );
}
