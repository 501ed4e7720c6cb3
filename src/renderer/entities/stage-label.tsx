import { stageLabels, type ApplicationStage } from '../../shared/applications/stage-contract';
import { stageColors } from './stage-colors';
import { useStyles } from './stage-label.styles';

/** A stage's colour dot and name. */
export function StageLabel({ stage }: { stage: ApplicationStage }) {
  const styles = useStyles();
  return (
    <span className={styles.label}>
      <span className={styles.dot} style={{ backgroundColor: stageColors[stage] }} aria-hidden="true" />
      {stageLabels[stage]}
    </span>
  );
}
