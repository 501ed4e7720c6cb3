import { useId } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { useSitePageStyles } from '../../components/site-styles';
import { useGetApplicantResponseQuery } from './applicant-response-api';
import { useStyles } from './applicant-response.styles';

/**
 * What the applicant's page says about our reply (docs/behaviour.md#response-times): once their
 * stage's time limit has passed, an honest holding line with the day we now expect to reply by;
 * after a rejection whose e-mail has gone, the feedback the team left for them. Nothing while it
 * loads or if the call fails: the rest of the page stands without it.
 */
export function ApplicantResponse({ token }: { token: string }) {
  const site = useSitePageStyles();
  const styles = useStyles();
  const feedbackHeadingId = useId();
  const { data } = useGetApplicantResponseQuery(token);
  if (!data) return null;
  return (
    <>
      {data.holdingLine && <p className={site.body}>{data.holdingLine}</p>}
      {data.feedback && (
        <section aria-labelledby={feedbackHeadingId}>
          <h3 id={feedbackHeadingId} className={styles.feedbackTitle}>
            Feedback from our team
          </h3>
          <p className={mergeClasses(site.body, styles.feedback)}>{data.feedback}</p>
        </section>
      )}
    </>
  );
}
