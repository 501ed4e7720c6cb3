import { mergeClasses } from '@fluentui/react-components';
import { apiPaths } from '../../../shared/http/api-routes';
import { ALERT_FREQUENCIES, FREQUENCY_WORDS } from '../../../shared/job-alerts/job-alerts-contract';
import { useActionStyles } from '../../components/action-styles';
import { usePlatform } from '../../platform/platform';
import type { JobAlertSignUpProps } from './job-alert-sign-up';
import { usePlainFormStyles, useStyles } from './job-alerts.styles';

/**
 * The job-alert sign-up for a browser without JavaScript (docs/behaviour.md#job-alerts): the same
 * address, frequency and search sent as a plain HTML form to the sign-up call, which answers such a
 * form with the site's page. The careers home draws it inside <noscript> until the app runs, so
 * only a visitor whose browser runs no script ever sees it. Plain elements: it is in the public
 * site's first download, and nothing in it needs the app.
 */
export function JobAlertPlainForm({ query, description }: JobAlertSignUpProps) {
  const styles = useStyles();
  const plain = usePlainFormStyles();
  const actions = useActionStyles();
  const { apiBaseUrl } = usePlatform();
  return (
    <section className={styles.panel} aria-label="Job alert">
      <details>
        <summary className={plain.summary}>E-mail me jobs like these</summary>
        <form
          className={mergeClasses(styles.form, plain.form)}
          method="post"
          action={`${apiBaseUrl}${apiPaths.jobAlerts.path()}`}
        >
          <p className={styles.text}>{description}.</p>
          <input type="hidden" name="query" value={query} />
          <label className={plain.field}>
            <span className={plain.label}>Your e-mail address (required)</span>
            <input className={plain.input} type="email" name="email" autoComplete="email" required />
          </label>
          <fieldset className={plain.fieldset}>
            <legend className={plain.label}>How often</legend>
            {ALERT_FREQUENCIES.map((value) => (
              <label key={value} className={plain.choice}>
                <input type="radio" name="frequency" value={value} defaultChecked={value === 'daily'} />
                {FREQUENCY_WORDS[value]}
              </label>
            ))}
          </fieldset>
          <div className={styles.actions}>
            <button type="submit" className={mergeClasses(actions.base, actions.primary)}>
              Create job alert
            </button>
          </div>
          <p className={styles.text}>
            We e-mail you a link to confirm first. Every alert e-mail has a link to change, pause or stop it.
          </p>
        </form>
      </details>
    </section>
  );
}
