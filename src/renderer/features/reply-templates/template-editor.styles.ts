import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  status: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  editor: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: '1fr',
    alignItems: 'start',
    '@media (min-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  preview: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  previewTitle: { ...typographyStyles.subtitle2, margin: 0 },
  previewNote: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
  previewSubject: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  previewBody: {
    ...typographyStyles.body1,
    margin: 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: '1.55',
  },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});
