import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  title: { ...typographyStyles.title2, margin: 0, overflowWrap: 'anywhere' },
  intro: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  row: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
  },
  status: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '24px',
    ...typographyStyles.body1Strong,
    color: tokens.colorBrandForeground1,
  },
  statusText: { minWidth: 0, overflowWrap: 'anywhere' },
  // The server's reason can be a long unbroken string; it wraps instead of widening the page.
  error: { overflowWrap: 'anywhere' },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2, margin: 0 },
  submit: { alignSelf: 'stretch' },
  // A short answer: the select need not span a wide form.
  heardAbout: { maxWidth: '420px' },
});
