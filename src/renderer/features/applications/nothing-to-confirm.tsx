import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';

const useStyles = makeStyles({
  page: {
    maxWidth: '720px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: 'clamp(32px, 8vw, 96px)',
    boxSizing: 'border-box',
    minHeight: '60vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  panel: {
    width: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    padding: 'clamp(24px, 5vw, 48px)',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  neutralIcon: { fontSize: '72px', color: tokens.colorBrandForeground1 },
  title: { ...typographyStyles.title1, margin: 0, overflowWrap: 'anywhere' },
  text: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground2,
    maxWidth: '56ch',
    overflowWrap: 'anywhere',
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'center' },
});

export function NothingToConfirm() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <title>{`Applications | ${siteConfig.brandName} Careers`}</title>
      <section className={styles.panel} aria-labelledby="success-title">
        <BriefcaseRegular className={styles.neutralIcon} aria-hidden="true" />
        <h1 id="success-title" className={styles.title}>
          Looking for your application?
        </h1>
        <p className={styles.text}>
          This page confirms an application straight after it is sent, so there is nothing to show here now.
          If you applied earlier, the confirmation e-mail we sent you is your record of it.
        </p>
        <div className={styles.actions}>
          <LinkButton to="/" appearance="primary" icon={<BriefcaseRegular aria-hidden="true" />}>
            See open positions
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
