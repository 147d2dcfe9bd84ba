import { Component, type ErrorInfo, type ReactNode } from 'react';

import { ErrorView } from '../components/ErrorView';

interface State {
  error: Error | null;
}

/** A crash anywhere below shows the same clickable error view as a failed page load. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorView /> : this.props.children;
  }
}
