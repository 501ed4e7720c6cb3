import { Component, type ErrorInfo, type ReactNode } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { useActionStyles } from './action-styles';
import { useStyles } from './error-boundary.styles';
import { screens } from '../../shared/site/screen-routes';

/**
 * What a screen that failed to render leaves in its place: the reason in plain words, Try again
 * (renders the screen once more), Reload, and on the public site a way home. Plain buttons rather
 * than Fluent's, so the public site's first download does not carry Fluent's Button for a screen
 * that is almost never shown.
 */
function ErrorScreen({
  text,
  withHomeLink,
  onRetry,
}: {
  text: string;
  withHomeLink: boolean;
  onRetry: () => void;
}) {
  const styles = useStyles();
  const actions = useActionStyles();
  return (
    <section className={styles.root} role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.text}>{text}</p>
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
        {withHomeLink && (
          <a href={screens.home.path()} className={mergeClasses(actions.base, actions.link)}>
            Go to the homepage
          </a>
        )}
      </div>
    </section>
  );
}

interface Props {
  children: ReactNode;
  /** A new value (the pathname) clears the error, so navigating away recovers. */
  resetKey: string;
  /** What the error screen says; the public site's text by default. */
  text?: string;
  /** The public site offers its homepage; the admin screens and the console do not. */
  withHomeLink?: boolean;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** One screen's render failure shows the error screen in its place, never a blank app. */
export class ErrorBoundary extends Component<Props, State> {
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
    if (!this.state.error) return this.props.children;
    return (
      <ErrorScreen
        text={
          this.props.text ??
          'This page could not be shown. Please try again; if it keeps happening, reload the site.'
        }
        withHomeLink={this.props.withHomeLink ?? true}
        onRetry={() => this.setState({ error: null })}
      />
    );
  }
}
