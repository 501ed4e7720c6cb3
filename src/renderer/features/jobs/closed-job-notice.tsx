import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import type { Job } from '../../../shared/jobs/job-contract';
import { formatClosingDate } from '../../../shared/jobs/closing-date';
import { messages } from '../../../shared/messages';
import { LinkButton } from '../../components/link-button';
import { usePanelStyles } from '../../components/panel-styles';
import { useStyles } from './closed-job-notice.styles';
import { screens } from '../../../shared/site/screen-routes';

/** In place of the form once a job is past its closing date: the server refuses applications too. */
export function ClosedJobNotice({ job }: { job: Job }) {
  const styles = useStyles();
  const panel = usePanelStyles();
  return (
    <section className={panel.panel} aria-labelledby="apply-title">
      <h1 id="apply-title" className={styles.title}>
        {job.jobTitle}
      </h1>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{messages.jobNoLongerOpen}</MessageBarTitle>
          {job.closingDate && `Applications closed on ${formatClosingDate(job.closingDate)}. `}
          Take a look at the roles that are open now.
        </MessageBarBody>
      </MessageBar>
      <LinkButton
        to={screens.home.path()}
        appearance="primary"
        className={styles.back}
        icon={<ArrowLeftRegular aria-hidden="true" />}
      >
        See open positions
      </LinkButton>
    </section>
  );
}
