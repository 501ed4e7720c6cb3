import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  request: { ...typographyStyles.body1, margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlockEnd: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  who: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  link: { color: tokens.colorBrandForegroundLink },
  label: { ...typographyStyles.body1Strong, margin: 0 },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlockStart: tokens.spacingVerticalS,
  },
});
