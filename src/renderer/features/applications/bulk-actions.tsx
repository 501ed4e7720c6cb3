import {
  Button,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import {
  applicationStages,
  stageLabels,
  type ApplicationStage,
} from '../../../shared/applications/stage-contract';
import { useStyles } from './bulk-actions.styles';

/** The bar above the table: how many are selected, and what can be done to all of them at once. */
export function BulkActions({
  count,
  running,
  onMove,
  onClear,
}: {
  count: number;
  running: boolean;
  onMove: (stage: ApplicationStage) => void;
  onClear: () => void;
}) {
  const styles = useStyles();
  const idle = count === 0 || running;
  return (
    <div className={styles.bulk} role="group" aria-label="Selected applications">
      <p className={styles.bulkCount} role="status" aria-live="polite">
        {count === 0 ? 'No applications selected' : `${count} selected`}
      </p>
      {/* Focusable while unavailable: clearing the selection after an action must not drop focus. */}
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton disabledFocusable={idle}>Move to stage…</MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList aria-label="Move the selected applications to">
            {applicationStages.map((stage) => (
              <MenuItem key={stage} onClick={() => onMove(stage)}>
                {stageLabels[stage]}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      <Button appearance="primary" disabledFocusable={idle} onClick={() => onMove('rejected')}>
        Reject
      </Button>
      <Button appearance="subtle" icon={<DismissRegular />} disabledFocusable={idle} onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
