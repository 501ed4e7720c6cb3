import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  note: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  bubble: {
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  meta: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: `0 ${tokens.spacingHorizontalS}`,
  },
  author: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground1 },
  body: { ...typographyStyles.body1, margin: `${tokens.spacingVerticalXXS} 0 0`, whiteSpace: 'pre-wrap' },
});
