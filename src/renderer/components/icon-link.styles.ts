import { makeStyles, tokens } from '@fluentui/react-components';

// Own styles rather than components/action-styles: importing that module from this lazy chunk made
// the bundler move it out of the home page's entry into an extra chunk every visitor downloads.
export const useStyles = makeStyles({
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    fontSize: '20px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorBrandForeground1 },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
});
