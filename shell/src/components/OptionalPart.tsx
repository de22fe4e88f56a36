import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows instead when the part fails (its code did not load, say). */
  fallback: ReactNode;
  /** Names the part in the console. */
  name: string;
  children: ReactNode;
}

/**
 * A part of the page the rest does without (the account menu, a notice): if it fails, most often
 * because its code could not be loaded, `fallback` takes its place and the page lives on, instead
 * of the error page taking the whole site.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.name} could not be shown`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
