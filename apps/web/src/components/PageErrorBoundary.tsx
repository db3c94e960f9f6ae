import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import i18n from '../locales';

interface State {
  failed: boolean;
}

/** A failing page shows a retry, and the shell around it keeps working. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="gx-page-error" role="alert">
        <p>{i18n.t('common.pageError')}</p>
        <Button onClick={() => this.setState({ failed: false })}>{i18n.t('common.retry')}</Button>
      </div>
    );
  }
}
