import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ServerErrorPage } from '../features/errors/server-error-page';
import { releaseStaticLogin } from '../lib/static-login';

/**
 * Last line of defence around the whole app (providers, router): a render error shows the 500 screen, never
 * a white page. Route-level errors are caught earlier by the router's errorElement.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    // The 500 screen must be seen, not left hidden behind the static sign-in card.
    releaseStaticLogin();
  }

  override render() {
    if (this.state.error) return <ServerErrorPage />;
    return this.props.children;
  }
}
