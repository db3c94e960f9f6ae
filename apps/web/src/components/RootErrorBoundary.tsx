import { Component, type ReactNode } from 'react';
import i18n from '../locales';
import { isChunkLoadError } from '../utils/chunkLoadError';

interface State {
  failed: boolean;
  unreachable: boolean;
}

/**
 * The last guard, around every route: what fails outside a menu page (the layout's or a public page's code not
 * downloaded, a crash in the frame) shows a message and a reload rather than an empty window. Plain HTML, since the
 * login page loads without antd.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, unreachable: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, unreachable: isChunkLoadError(error) };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="gx-page-error" role="alert" data-testid={this.state.unreachable ? 'page-unreachable' : 'page-error'}>
        <p>{i18n.t(this.state.unreachable ? 'common.pageUnreachable' : 'common.pageError')}</p>
        <button type="button" className="gx-btn gx-btn-primary" onClick={() => window.location.reload()}>{i18n.t('common.reload')}</button>
      </div>
    );
  }
}
