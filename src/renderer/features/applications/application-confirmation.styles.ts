import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  fading: { opacity: 0, transitionProperty: 'opacity', transitionTimingFunction: 'ease-out' },
  shown: { opacity: 1 },
  icon: { fontSize: '72px', color: tokens.colorPaletteGreenForeground1 },
  lead: {
    ...typographyStyles.subtitle2,
    margin: 0,
    fontWeight: tokens.fontWeightRegular,
    overflowWrap: 'anywhere',
  },
  link: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold },
});
