import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalM,
    maxWidth: '40rem',
  },
  // A video link is one long word: it breaks rather than run out of the panel on a phone.
  booked: { ...typographyStyles.subtitle2, margin: 0, overflowWrap: 'anywhere' },
  buttons: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
});
