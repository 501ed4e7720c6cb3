import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons/headless/svg/home';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { useSitePageStyles } from '../../components/site-styles';
import { screens } from '../../../shared/site/screen-routes';

const bob = {
  '0%': { transform: 'translateY(0)' },
  '50%': { transform: 'translateY(-18px)' },
  '100%': { transform: 'translateY(0)' },
};

const spin = {
  '0%': { transform: 'rotate(-12deg)' },
  '50%': { transform: 'rotate(12deg)' },
  '100%': { transform: 'rotate(-12deg)' },
};

const useStyles = makeStyles({
  wrapper: {
    alignItems: 'center',
    textAlign: 'center',
    justifyContent: 'center',
    minHeight: '60vh',
  },
  title: { margin: 0 },
  digits: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 'clamp(8px, 2vw, 20px)',
    fontSize: 'clamp(96px, 22vw, 200px)',
    fontWeight: tokens.fontWeightBold,
    lineHeight: 1,
    color: tokens.colorBrandForeground1,
  },
  digit: {
    display: 'inline-block',
    animationName: bob,
    animationDuration: '2.4s',
    animationIterationCount: 'infinite',
    animationTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  second: { animationDelay: '0.2s' },
  third: { animationDelay: '0.4s' },
  // The zero is drawn as a ring that wobbles like a compass needle hunting for north.
  ring: {
    display: 'inline-block',
    width: '0.72em',
    height: '0.72em',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusCircular,
    border: `0.14em solid ${tokens.colorBrandForeground1}`,
    position: 'relative',
    animationName: spin,
    animationDuration: '3s',
    animationIterationCount: 'infinite',
    animationTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
    '::after': {
      content: '""',
      position: 'absolute',
      insetInlineStart: '50%',
      insetBlockStart: '12%',
      width: '0.06em',
      height: '38%',
      marginInlineStart: '-0.03em',
      borderRadius: '0.03em',
      backgroundColor: tokens.colorPaletteRedForeground1,
      transformOrigin: 'bottom center',
    },
  },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  message: {
    ...typographyStyles.subtitle1,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground1,
    margin: 0,
    maxWidth: '36ch',
  },
});

export function NotFoundPage() {
  const styles = useStyles();
  const site = useSitePageStyles();
  return (
    <div className={mergeClasses(site.page, styles.wrapper)}>
      <title>{`Page not found | ${siteConfig.brandName}`}</title>
      <h1 className={styles.title}>
        <span className={styles.digits} aria-hidden="true">
          <span className={styles.digit}>4</span>
          <span className={mergeClasses(styles.digit, styles.second)}>
            <span className={styles.ring} />
          </span>
          <span className={mergeClasses(styles.digit, styles.third)}>4</span>
        </span>
        <span className={styles.visuallyHidden}>404: page not found</span>
      </h1>
      <p className={styles.message}>Uh oh! Looks like you got lost. Go back to the homepage if you dare!</p>
      <LinkButton to={screens.home.path()} appearance="primary" size="large" icon={<HomeRegular />}>
        back to Home
      </LinkButton>
    </div>
  );
}
