import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    paddingBlock: '64px',
    textAlign: 'center',
  },
  title: { ...typographyStyles.title2, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

function DashboardErrorScreen({ onRetry }: { onRetry: () => void }) {
  const styles = useStyles();
  return (
    <section className={styles.root} role="alert" aria-labelledby="dashboard-error-title">
      <h1 id="dashboard-error-title" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.text}>This screen could not be shown. Try again, or pick another screen.</p>
      <Button appearance="primary" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}

interface Props {
  children: ReactNode;
  /** A new value (the pathname) clears the error, so navigating away recovers. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * The admin screens' error boundary. It mirrors app/route-error-boundary.tsx with Fluent's Button:
 * importing that one from this lazy chunk made the bundler split it (and its styles) out of the
 * home page's entry into an extra shared chunk, which made every visitor's first download larger.
 */
export class DashboardErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('admin screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <DashboardErrorScreen onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
