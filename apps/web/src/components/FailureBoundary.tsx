import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../utils/chunkLoadError';

export interface Failure {
  /** The code could not be downloaded (`isChunkLoadError`): only a reload brings it. */
  unreachable: boolean;
  /** Renders the children again. */
  retry(): void;
}

interface Props {
  children: ReactNode;
  /** What shows in the children's place once they failed. */
  fallback(failure: Failure): ReactNode;
}

/** Catches what its children throw while rendering (PageErrorBoundary, RootErrorBoundary say what shows instead). */
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
    return this.props.fallback({ unreachable: this.state.unreachable, retry: () => this.setState({ failed: false, unreachable: false }) });
  }
}
