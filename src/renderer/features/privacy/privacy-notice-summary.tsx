import { useId } from 'react';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ShieldLockRegular } from '@fluentui/react-icons/headless/svg/shield-lock';
import { PRIVACY_NOTICE_PATH, privacySummary } from '../../../shared/privacy/privacy-notice';
import { useSiteSettings } from '../../lib/site-settings';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  heading: {
    ...typographyStyles.subtitle2,
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  icon: { color: tokens.colorBrandForeground1, fontSize: '20px', display: 'inline-flex' },
  list: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    ...typographyStyles.caption1,
    '@media (max-width: 520px)': { gridTemplateColumns: '1fr' },
  },
  pair: { display: 'contents' },
  term: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground1 },
  text: { margin: 0, color: tokens.colorNeutralForeground2 },
  foot: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  link: { color: tokens.colorBrandForegroundLink, ':hover': { color: tokens.colorBrandForegroundLinkHover } },
});

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
