import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, MessageBarBody, Spinner } from '@fluentui/react-components';
import { formatDate } from '../../../shared/format/date';
import { screens } from '../../../shared/site/screen-routes';
import { siteConfig } from '../../../shared/site/site-config';
import { poolMessages, type PoolMemberView } from '../../../shared/talent-pool/talent-pool-contract';
import { PageHero } from '../../components/page-hero';
import { PageLoading } from '../../components/page-loading';
import { useSitePageStyles } from '../../components/site-styles';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { confirmDialog } from '../../feedback/dialogs';
import { errorMessage, errorStatus } from '../../store/api-error';
import {
  useConfirmMyPoolMutation,
  useGetMyPoolQuery,
  useGetPoolDepartmentsQuery,
  useLeaveMyPoolMutation,
  useRenewMyPoolMutation,
} from './talent-pool-api';
import { useStyles } from './talent-pool.styles';

/**
 * /my-talent-pool/:token: a pool member's own page by the private link e-mailed to them
 * (docs/behaviour.md#the-talent-pool): confirming a request to join, what is held and when it
 * ends, renewing in the last 30 days, and "Leave the pool now", which erases everything at once.
 */
export function MyTalentPoolPage() {
  const { token = '' } = useParams();
  const site = useSitePageStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data, error, isLoading } = useGetMyPoolQuery(token, { refetchOnMountOrArgChange: true });
  const [changed, setChanged] = useState<PoolMemberView | 'left'>();
  const [failure, setFailure] = useState<string>();
  const [confirm, confirming] = useConfirmMyPoolMutation();
  const [renew, renewing] = useRenewMyPoolMutation();
  const [leave, leaving] = useLeaveMyPoolMutation();
  const busy = confirming.isLoading || renewing.isLoading || leaving.isLoading;
  const shown = changed ?? data;
  // The member's departments by their names, as they ticked them; a department since removed by
  // the key it was kept under.
  const { data: departments = [] } = useGetPoolDepartmentsQuery();
  const departmentName = (slug: string) => departments.find((row) => row.slug === slug)?.name ?? slug;

  const act = async (run: () => Promise<void>) => {
    setFailure(undefined);
    try {
      await run();
    } catch (caught) {
      setFailure(errorMessage(caught));
    }
  };
  const onLeave = () =>
    act(async () => {
      const sure = await confirmDialog({
        title: 'Leave the talent pool?',
        text: 'Everything we hold for the pool (your details, your CV and our team’s tags) is erased now. You cannot undo this.',
        confirmButtonText: 'Yes, leave now',
        cancelButtonText: 'Cancel',
      });
      if (!sure) return;
      await leave(token).unwrap();
      setChanged('left');
    });

  let content;
  if (shown === 'left') {
    content = (
      <div role="status">
        <UntitledMessageBar layout="multiline" intent="success">
          <MessageBarBody>
            You have left the talent pool. Everything we held for it has been erased.
          </MessageBarBody>
        </UntitledMessageBar>
      </div>
    );
  } else if (isLoading) content = <PageLoading label="Loading your talent pool entry..." />;
  else if (shown) {
    content = (
      <section className={site.panel} aria-labelledby={headingId}>
        <h2 id={headingId}>{shown.confirmed ? 'What we hold' : 'Please confirm'}</h2>
        {!shown.confirmed && (
          <p className={site.body}>
            Someone, we hope you, asked to join our talent pool with this address. Confirm to keep these
            details for 12 months; otherwise they are deleted a week after the request.
          </p>
        )}
        <dl className={styles.facts}>
          <dt className={styles.term}>Name</dt>
          <dd className={styles.definition}>{shown.name}</dd>
          <dt className={styles.term}>E-mail</dt>
          <dd className={styles.definition}>{shown.email}</dd>
          <dt className={styles.term}>Departments</dt>
          <dd className={styles.definition}>
            {shown.departments.map(departmentName).join(', ') || 'None chosen'}
          </dd>
          {shown.appliedFor && (
            <>
              <dt className={styles.term}>Role applied for</dt>
              <dd className={styles.definition}>{shown.appliedFor}</dd>
            </>
          )}
          <dt className={styles.term}>CV</dt>
          <dd className={styles.definition}>{shown.hasCv ? 'Held' : 'None'}</dd>
          <dt className={styles.term}>{shown.confirmed ? 'Kept until' : 'Deleted on'}</dt>
          <dd className={styles.definition}>{formatDate(shown.consentEndsAt)}</dd>
        </dl>
        {failure && (
          <UntitledMessageBar layout="multiline" intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </UntitledMessageBar>
        )}
        <div className={styles.actions}>
          {!shown.confirmed && (
            <Button
              appearance="primary"
              disabledFocusable={busy}
              icon={confirming.isLoading ? <Spinner size="tiny" /> : undefined}
              onClick={() => void act(async () => setChanged(await confirm(token).unwrap()))}
            >
              Confirm
            </Button>
          )}
          {shown.renewable && (
            <Button
              appearance="primary"
              disabledFocusable={busy}
              onClick={() => void act(async () => setChanged(await renew(token).unwrap()))}
            >
              Keep me for another 12 months
            </Button>
          )}
          <Button appearance="secondary" disabledFocusable={busy} onClick={() => void onLeave()}>
            Leave the pool now
          </Button>
        </div>
      </section>
    );
  } else {
    content = (
      <UntitledMessageBar layout="multiline" intent={errorStatus(error) === 404 ? 'warning' : 'error'}>
        <MessageBarBody>
          {errorStatus(error) === 404 ? poolMessages.linkGone : errorMessage(error)}{' '}
          <Link className={site.link} to={screens.talentPoolJoin.path()}>
            Join the talent pool
          </Link>
        </MessageBarBody>
      </UntitledMessageBar>
    );
  }

  return (
    <div className={site.page}>
      <title>{`Your talent pool entry | ${siteConfig.brandName} Careers`}</title>
      <meta name="robots" content="noindex" />
      <PageHero eyebrow="Talent pool" title="Your talent pool entry" />
      {content}
    </div>
  );
}
