import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: '320px',
    overflowY: 'auto',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: tokens.spacingHorizontalXXS,
    },
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  action: { ...typographyStyles.body1Strong },
  detail: { ...typographyStyles.body1 },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  intro: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
});
