import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** An interviewer's home: their applications in two groups, and the interview on an application. */
export const useStyles = makeStyles({
  groups: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
    alignItems: 'start',
  },
  list: {
    margin: 0,
    padding: 0,
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  rowMain: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  rowTags: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  link: {
    ...typographyStyles.body1Strong,
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
  meta: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  due: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { ...typographyStyles.body1Strong, margin: 0 },
  detail: { ...typographyStyles.body1, margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
});
