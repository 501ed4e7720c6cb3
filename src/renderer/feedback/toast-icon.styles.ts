import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  icon: {
    display: 'inline-flex',
    justifyContent: 'center',
    width: '20px',
    flexShrink: 0,
    fontSize: '20px',
    marginBlockStart: '1px',
  },
  iconSuccess: { color: tokens.colorPaletteGreenForeground1 },
  iconError: { color: tokens.colorPaletteRedForeground1 },
  iconWarning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  iconInfo: { color: tokens.colorBrandForeground1 },
});
