import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  fieldset: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  legend: { ...typographyStyles.body1Strong, paddingInline: tokens.spacingHorizontalXS },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0 },
  entry: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  entryNumber: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground3,
    minWidth: '20px',
    textAlign: 'end',
  },
  entryInput: { flexGrow: 1, minWidth: 0 },
  addButton: { alignSelf: 'flex-start' },
  listError: { ...typographyStyles.caption1, color: tokens.colorPaletteRedForeground1, margin: 0 },
});
