import { applicationStages, stageLabels } from '../../../shared/applications/stage-contract';
import { stageColors } from '../../entities/stage-colors';
import { useStyles } from './pipeline-legend.styles';

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
