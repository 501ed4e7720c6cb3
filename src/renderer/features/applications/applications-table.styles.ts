import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  select: { width: '44px', paddingInline: tokens.spacingHorizontalXS },
  // Stand-ins for the rows not drawn: they keep the table as tall as all its rows.
  spacer: { padding: 0, border: 'none' },
});
