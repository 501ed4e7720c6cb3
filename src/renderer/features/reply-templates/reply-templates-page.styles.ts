import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  placeholders: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  code: { ...typographyStyles.body1Strong, fontFamily: tokens.fontFamilyMonospace },
  meaning: { margin: 0 },
});
