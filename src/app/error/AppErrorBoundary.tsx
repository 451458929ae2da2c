import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RevealWhenMounted } from '../../prerender/RevealWhenMounted';
import { loadingBar } from '../loading-bar/loading-bar';
import { ErrorPage } from './ErrorPage';

interface State {
  error: Error | null;
}

/** Last line of defence: a fatal error outside the router still shows the error page (SPEC §8). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Fatal app error', error, info.componentStack);
    loadingBar.fail();
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <main id="main" className="container py-5">
        <ErrorPage status={500} message={this.state.error.message} />
        <RevealWhenMounted />
      </main>
    );
  }
}
