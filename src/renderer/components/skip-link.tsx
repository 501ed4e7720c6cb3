import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  link: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-100px',
    zIndex: 100,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForegroundLink,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    ':focus': { top: tokens.spacingVerticalM },
  },
});

/** The first stop for a keyboard: hidden until focused, it jumps past the navigation to `target`. */
export function SkipLink({ target }: { target: string }) {
  const styles = useStyles();
  return (
    <a href={`#${target}`} className={styles.link}>
      Skip to main content
    </a>
  );
}
