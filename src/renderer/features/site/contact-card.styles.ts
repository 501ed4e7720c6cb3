import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  cardTitle: {
    ...typographyStyles.subtitle1,
    color: tokens.colorNeutralForeground1,
    margin: 0,
    marginBlockStart: tokens.spacingVerticalS,
  },
  cardBody: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});
