import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { applicationStages, stageLabels } from '../../../shared/applications/stage-contract';
import { stageColors } from '../../features/applications/stage-colors';

const useStyles = makeStyles({
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
  },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    marginInlineEnd: tokens.spacingHorizontalXS,
    borderRadius: '2px',
  },
});

/** The colours of the bars, named once (the bars themselves are hidden from screen readers). */
export function Legend() {
  const styles = useStyles();
  return (
    <ul className={styles.legend} aria-hidden="true">
      {applicationStages.map((stage) => (
        <li key={stage}>
          <span className={styles.swatch} style={{ backgroundColor: stageColors[stage] }} />
          {stageLabels[stage]}
        </li>
      ))}
    </ul>
  );
}
