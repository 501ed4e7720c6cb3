import { makeStyles, tokens } from '@fluentui/react-components';
import { sitePageFrame } from '../../components/site-page-frame';

/** Where the form sits beside the job: below this width, the job comes first and then the form. */
const WIDE = '@media (min-width: 960px)';

export const useStyles = makeStyles({
  page: {
    ...sitePageFrame,
    position: 'relative',
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    // minmax(0, …): a column never grows wider than the screen to fit a long unbroken line.
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'start',
    [WIDE]: { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)' },
  },
  // Wide, the job stays in view beside the form as the visitor fills it in.
  card: { [WIDE]: { position: 'sticky', top: '88px', gridColumn: 2, gridRow: 1 } },
  // Wide, the form takes the first column, where it has always been.
  form: { [WIDE]: { gridColumn: 1, gridRow: 1 } },
  applyNow: {
    justifySelf: 'start',
    // Wide, the form is in view beside the job: the link is kept for keyboard users alone (a skip
    // link, seen when focused), out of the grid's flow.
    [WIDE]: {
      position: 'absolute',
      top: tokens.spacingVerticalXS,
      left: tokens.spacingHorizontalL,
      zIndex: 1,
      ':not(:focus)': {
        width: '1px',
        height: '1px',
        minHeight: 0,
        padding: 0,
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
      },
    },
  },
});
