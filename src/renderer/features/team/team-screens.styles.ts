import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** What the hiring team's screens share beyond the admin screens' look (layout/admin-page.tsx). */
export const useStyles = makeStyles({
  jobs: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  jobHead: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  meta: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  list: {
    margin: 0,
    padding: 0,
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
  filter: { maxWidth: '280px' },
  moveForm: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
  },
});
