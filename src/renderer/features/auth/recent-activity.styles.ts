import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  kind: { ...typographyStyles.body1Strong },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});
