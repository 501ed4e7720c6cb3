import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  label: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    display: 'block',
  },
  hours: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  hoursValue: { margin: 0, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  greetings: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  },
  greeting: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  greetingText: {
    ...typographyStyles.title3,
    color: tokens.colorBrandForeground2,
    lineHeight: 1.6,
  },
  greetingLanguage: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
  },
  greetingHint: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
  },
});
