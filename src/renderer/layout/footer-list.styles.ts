import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useFooterListStyles = makeStyles({
  heading: {
    ...typographyStyles.body1Strong,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    margin: 0,
    marginBlockEnd: tokens.spacingVerticalM,
    color: tokens.colorNeutralForegroundInverted,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalS,
    ...typographyStyles.body1,
  },
  link: {
    color: tokens.colorNeutralForegroundInverted2,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorNeutralForegroundInverted, textDecorationLine: 'underline' },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralForegroundInverted}`,
      outlineOffset: '2px',
      borderRadius: tokens.borderRadiusSmall,
    },
  },
});
