import { makeStyles, tokens } from '@fluentui/react-components';
import { sitePageFrame } from '../../components/site-page-frame';

export const useStyles = makeStyles({
  page: {
    ...sitePageFrame,
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    // minmax(0, …): a column never grows wider than the screen to fit a long unbroken line.
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'start',
    '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)' },
  },
  // The form holds the page's h1, so it comes first in reading and focus order on every screen size.
  card: { '@media (min-width: 960px)': { position: 'sticky', top: '88px' } },
});
