import { Button, MessageBarBody, Spinner, mergeClasses } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/headless/svg/arrow-clockwise';
import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { useStyles } from './load-failed.styles';

export function LoadFailed({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const styles = useStyles();
  const site = useSitePageStyles();
  return (
    <>
      <PageHero eyebrow="Your application" title="We could not open your application" />
      <section className={mergeClasses(site.panel, styles.panel)} aria-label="What went wrong">
        <UntitledMessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </UntitledMessageBar>
        <div className={styles.links}>
          <Button
            appearance="primary"
            icon={retrying ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />}
            disabledFocusable={retrying}
            onClick={onRetry}
          >
            Try again
          </Button>
        </div>
      </section>
    </>
  );
}
