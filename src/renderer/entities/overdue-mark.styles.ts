import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  mark: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteDarkOrangeBorder2}`,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  icon: { width: '14px', height: '14px', flexShrink: 0 },
});
