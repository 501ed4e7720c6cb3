import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});
