import {
  Menu,
  MenuButton,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  type MenuButtonProps,
} from '@fluentui/react-components';
import {
  applicationStages,
  stageLabels,
  type ApplicationStage,
} from '../../../shared/applications/stage-contract';
import { StageLabel } from '../../entities/stage-label';
import { useStyles } from './stage-menu.styles';

export interface StageMenuProps {
  stage: ApplicationStage;
  /** Whose application, for the button's name: "Stage of Jane Doe: New". */
  applicantName: string;
  busy?: boolean;
  size?: MenuButtonProps['size'];
  onChange: (stage: ApplicationStage) => void;
}

/**
 * The stage control: a menu button showing the current stage, with one radio item per stage. A
 * menu rather than a <select>: a select changes on every arrow key on some systems, and here a
 * change is a decision (it may e-mail the applicant), made only with Enter, Space or a click.
 * Busy while a change is asked about or saved; focusable throughout, so focus is never dropped.
 */
export function StageMenu({ stage, applicantName, busy = false, size = 'small', onChange }: StageMenuProps) {
  const styles = useStyles();
  return (
    <Menu
      checkedValues={{ stage: [stage] }}
      onCheckedValueChange={(_event, data) => {
        const next = data.checkedItems[0] as ApplicationStage | undefined;
        if (next && next !== stage) onChange(next);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          className={styles.button}
          size={size}
          appearance="outline"
          disabledFocusable={busy}
          icon={busy ? <Spinner size="extra-tiny" /> : undefined}
          aria-label={`Stage of ${applicantName}: ${stageLabels[stage]}`}
        >
          <StageLabel stage={stage} />
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={`Move ${applicantName} to`}>
          {applicationStages.map((option) => (
            <MenuItemRadio key={option} name="stage" value={option}>
              {stageLabels[option]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
