import { Component, type ErrorInfo, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useActionStyles } from '../components/action-styles';

const useStyles = makeStyles({
  root: {
    maxWidth: '640px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: '64px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    textAlign: 'center',
    alignItems: 'center',
  },
  title: { ...typographyStyles.title2, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
});

function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const styles = useStyles();
  const actions = useActionStyles();
  return (
    <section className={styles.root} role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.text}>
        This page could not be shown. Please try again; if it keeps happening, reload the site.
      </p>
      <div className={styles.actions}>
        <button type="button" className={mergeClasses(actions.base, actions.primary)} onClick={onRetry}>
          Try again
        </button>
        <button
          type="button"
          className={mergeClasses(actions.base, actions.secondary)}
          onClick={() => window.location.reload()}
        >
          Reload the site
        </button>
        <a href="/" className={mergeClasses(actions.base, actions.link)}>
          Go to the homepage
        </a>
      </div>
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

/** The root error screen: a render failure of one screen never blanks the whole site. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorScreen onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
