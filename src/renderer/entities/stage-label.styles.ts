import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  label: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    flexShrink: 0,
  },
});
