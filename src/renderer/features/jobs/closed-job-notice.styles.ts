import { makeStyles, typographyStyles } from '@fluentui/react-components';

export const useStyles = makeStyles({
  title: { ...typographyStyles.title2, margin: 0, overflowWrap: 'anywhere' },
  back: { alignSelf: 'flex-start' },
});
