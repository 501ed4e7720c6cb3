import { makeStyles, tokens } from '@fluentui/react-components';

export const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: 'clamp(16px, 3vw, 28px)',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
  },
  bar: {
    display: 'block',
    height: '16px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundImage: `linear-gradient(90deg, ${tokens.colorNeutralBackground3} 0%, ${tokens.colorNeutralBackground5} 50%, ${tokens.colorNeutralBackground3} 100%)`,
    backgroundSize: '300% 100%',
    animationName: { from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '0 0' } },
    animationDuration: '1.4s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'ease-in-out',
  },
  title: { width: '70%', height: '24px' },
  short: { width: '40%' },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: tokens.spacingHorizontalS },
  tile: { height: '48px' },
});
