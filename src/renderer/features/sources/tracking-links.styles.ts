import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  form: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    alignItems: 'start',
  },
  // A job's long title in the select must not widen its column past a phone's screen.
  field: { minWidth: 0 },
  select: { width: '100%', minWidth: 0 },
  formActions: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  link: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlockEnd: tokens.spacingVerticalL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  linkName: { ...typographyStyles.subtitle2, margin: 0, overflowWrap: 'anywhere' },
  facts: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  // An address is one long word: it wraps anywhere rather than widening the page.
  address: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere', wordBreak: 'break-all' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  qr: {
    width: '200px',
    maxWidth: '100%',
    height: 'auto',
    backgroundColor: '#ffffff',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  rename: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    maxWidth: '520px',
  },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});
