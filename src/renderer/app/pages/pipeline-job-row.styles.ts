import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  job: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  title: { ...typographyStyles.body1Strong, color: tokens.colorBrandForegroundLink },
  total: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  bar: {
    display: 'flex',
    height: '12px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground4,
  },
  counts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `0 ${tokens.spacingHorizontalM}`,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    ...typographyStyles.caption1,
  },
  countLink: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
  interviews: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  none: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});
