import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import i18n from '../locales';
import { isChunkLoadError } from '../utils/chunkLoadError';

interface State {
  failed: boolean;
  /** The page's code could not be fetched (`isChunkLoadError`): only a reload brings it. */
  unreachable: boolean;
}

/**
 * A failing page shows a retry, and the shell around it keeps working. A page whose code could not be fetched offers
 * a reload instead (`isChunkLoadError`): rendering again would fail again; a reload fetches the page (and, after a
 * deploy, the new console) anew.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, unreachable: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, unreachable: isChunkLoadError(error) };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.unreachable) {
      return (
        <div className="gx-page-error" role="alert" data-testid="page-unreachable">
          <p>{i18n.t('common.pageUnreachable')}</p>
          <Button type="primary" onClick={() => window.location.reload()}>{i18n.t('common.reload')}</Button>
        </div>
      );
    }
    return (
      <div className="gx-page-error" role="alert">
        <p>{i18n.t('common.pageError')}</p>
        <Button onClick={() => this.setState({ failed: false })}>{i18n.t('common.retry')}</Button>
      </div>
    );
  }
}
