import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  footer: {
    marginBlockStart: 'auto',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
  },
  inner: {
    maxWidth: '1120px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: `${tokens.spacingVerticalXXXL} ${tokens.spacingVerticalXL}`,
    boxSizing: 'border-box',
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  },
  brand: {
    ...typographyStyles.subtitle1,
    margin: 0,
    marginBlockEnd: tokens.spacingVerticalS,
  },
  bottom: {
    // Tokens have no subtle divider for inverted surfaces; a translucent line works on any dark theme.
    borderBlockStartWidth: tokens.strokeWidthThin,
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: 'rgba(255, 255, 255, 0.16)',
  },
  bottomInner: {
    maxWidth: '1120px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForegroundInverted2,
  },
  small: { margin: 0 },
});
