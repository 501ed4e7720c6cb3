import { makeStyles } from '@fluentui/react-components';

export const useIconFrameStyles = makeStyles({
  icon: {
    display: 'inline-flex',
    justifyContent: 'center',
    width: '20px',
    flexShrink: 0,
    fontSize: '20px',
    marginBlockStart: '1px',
  },
});
