import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  iconSuccess: { color: tokens.colorPaletteGreenForeground1 },
  iconError: { color: tokens.colorPaletteRedForeground1 },
  iconWarning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  iconInfo: { color: tokens.colorBrandForeground1 },
});
