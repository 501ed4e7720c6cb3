import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** The department boxes: one group, wrapping on a narrow screen. */
export const useStyles = makeStyles({
  fieldset: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    margin: 0,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  legend: { ...typographyStyles.body1Strong, paddingInline: tokens.spacingHorizontalXS },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});
