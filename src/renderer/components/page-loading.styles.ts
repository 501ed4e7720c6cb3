import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    justifyContent: 'center',
    alignItems: 'center',
    minHeight: '40vh',
    padding: tokens.spacingVerticalXXL,
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
  },
  // A CSS ring rather than Fluent's Spinner: this shows before any lazy screen, so it must be tiny.
  ring: {
    width: '32px',
    height: '32px',
    borderRadius: '50%',
    border: `3px solid ${tokens.colorBrandBackground2}`,
    borderTopColor: tokens.colorBrandBackground,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '0.8s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
  },
});
