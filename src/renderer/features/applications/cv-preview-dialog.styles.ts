import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  surface: { width: 'min(920px, calc(100vw - 32px))', maxWidth: 'none' },
  content: {
    maxHeight: 'min(72vh, 1000px)',
    overflowY: 'auto',
    padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  actions: { flexWrap: 'wrap' },
});
