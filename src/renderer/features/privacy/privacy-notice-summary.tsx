import { useId } from 'react';
import { ShieldLockRegular } from '@fluentui/react-icons/headless/svg/shield-lock';
import { PRIVACY_NOTICE_PATH, privacySummary } from '../../../shared/site/privacy-notice';
import { useSiteSettings } from '../../lib/site-settings';
import { useStyles } from './privacy-notice-summary.styles';

/**
 * The short privacy notice an applicant reads before sending their data (UK GDPR article 13),
 * with the full notice a link away (in a new tab, so the half-filled form stays as it is).
 */
export function PrivacyNoticeSummary() {
  const styles = useStyles();
  const headingId = useId();
  const { retentionDays } = useSiteSettings();
  return (
    <section className={styles.box} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <span className={styles.icon} aria-hidden="true">
          <ShieldLockRegular />
        </span>
        How we use your data
      </h2>
      <dl className={styles.list}>
        {privacySummary(retentionDays).map(({ term, text }) => (
          <div key={term} className={styles.pair}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.text}>{text}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.foot}>
        By submitting this application you confirm you have read this notice.{' '}
        <a className={styles.link} href={PRIVACY_NOTICE_PATH} target="_blank" rel="noopener">
          Read the full privacy notice<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}
