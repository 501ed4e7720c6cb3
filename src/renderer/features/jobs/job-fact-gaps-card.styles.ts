import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  intro: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  gaps: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  summary: { ...typographyStyles.body1Strong, margin: 0 },
  jobs: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    marginBlockStart: tokens.spacingVerticalXS,
    padding: 0,
    listStyleType: 'none',
  },
  link: {
    // Each job is a target of its own: at least 24 px high (WCAG 2.2 target size).
    display: 'inline-block',
    minHeight: '24px',
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
});
