import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    height: '100%',
    boxSizing: 'border-box',
    transitionProperty: 'box-shadow, transform',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)' },
    '@media (prefers-reduced-motion: reduce)': {
      transitionProperty: 'none',
      ':hover': { transform: 'none' },
    },
  },
  title: {
    ...typographyStyles.subtitle1,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  text: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
  },
});
