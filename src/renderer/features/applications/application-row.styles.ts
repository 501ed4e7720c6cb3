import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  select: { width: '44px', paddingInline: tokens.spacingHorizontalXS },
  number: { width: '48px', color: tokens.colorNeutralForeground3 },
  cv: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  size: {
    display: 'inline-flex',
    flexDirection: 'column',
    minWidth: '52px',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
  },
  sizeLine: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  optimized: { ...typographyStyles.caption2, color: tokens.colorBrandForeground2 },
  noCv: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  nameLink: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
    textDecorationColor: 'transparent',
    ':hover': { color: tokens.colorBrandForegroundLinkHover, textDecorationColor: 'currentColor' },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
      borderRadius: tokens.borderRadiusSmall,
    },
  },
  duplicate: {
    ...typographyStyles.caption1Strong,
    display: 'block',
    width: 'fit-content',
    marginTop: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    color: tokens.colorPaletteDarkOrangeForeground2,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
  },
});
