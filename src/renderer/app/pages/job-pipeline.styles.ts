import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  jobs: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});
