import { Component, type ReactNode } from 'react';
import { logError } from '@/shared/api/log-error.ts';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /** When this changes (the path), a caught error is cleared so the next page can render. */
  resetKey?: string;
}

/** Spec 2: any rendering failure shows the error screen, and the error is reported (never awaited). */
export class ErrorBoundary extends Component<Props, { error: unknown; key?: string }> {
  override state: { error: unknown; key?: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key?: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    logError(error, 'render');
  }

  override render() {
    return this.state.error ? <ErrorScreen /> : this.props.children;
  }
}
