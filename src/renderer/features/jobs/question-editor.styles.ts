import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  editor: {
    gridColumn: '1 / -1',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  legend: { ...typographyStyles.body1Strong, paddingInline: tokens.spacingHorizontalXS },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0 },
  error: { ...typographyStyles.caption1, color: tokens.colorPaletteRedForeground1, margin: 0 },
  question: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  knockOut: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingInlineStart: tokens.spacingHorizontalXL,
  },
  remove: { alignSelf: 'flex-start' },
  add: { alignSelf: 'flex-start' },
});
