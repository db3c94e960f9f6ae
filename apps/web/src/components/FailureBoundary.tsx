import { Component, type ReactNode } from 'react';
import i18n from '../locales';
import { isChunkLoadError } from '../utils/chunkLoadError';

interface Props {
  children: ReactNode;
  /** What shows in the children's place once they crashed; `retry` renders them again. */
  fallback(retry: () => void): ReactNode;
}

/**
 * Catches what its children throw while rendering. Code that could not be downloaded (`isChunkLoadError`) shows the
 * same notice wherever it happens, with a reload, the one way to bring it (rendering again would fail again); a
 * crash shows the caller's fallback (PageErrorBoundary, RootErrorBoundary). Plain HTML, since the login page loads
 * without antd.
 */
export class FailureBoundary extends Component<Props, { failed: boolean; unreachable: boolean }> {
  override state = { failed: false, unreachable: false };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, unreachable: isChunkLoadError(error) };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (!this.state.unreachable) return this.props.fallback(() => this.setState({ failed: false }));
    return (
      <div className="gx-page-error" role="alert" data-testid="page-unreachable">
        <p>{i18n.t('common.pageUnreachable')}</p>
        <button type="button" className="gx-btn gx-btn-primary" onClick={() => window.location.reload()}>{i18n.t('common.reload')}</button>
      </div>
    );
  }
}
