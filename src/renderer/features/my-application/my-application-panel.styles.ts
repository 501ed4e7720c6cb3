import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const usePanelStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  sectionTitle: {
    ...typographyStyles.title3,
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    outline: 'none',
  },
});
