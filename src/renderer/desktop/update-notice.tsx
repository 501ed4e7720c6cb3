import { useState, useSyncExternalStore } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
} from '@fluentui/react-components';
import type { UpdateState } from './desktop-platform';

const useStyles = makeStyles({ notice: { borderRadius: 0 } });

/**
 * "Restart to update", once main has downloaded and verified a newer console. It only offers: the
 * admin restarts when it suits them. Restarting closes the window the usual way, so a page with
 * unsaved changes asks Leave or Stay first; after Stay the page and its work are as they were and
 * the offer stays here.
 */
export function UpdateNotice({ updates }: { updates: UpdateState }) {
  const styles = useStyles();
  const update = useSyncExternalStore(updates.subscribe, updates.current);
  const [restarting, setRestarting] = useState(false);
  if (update.state !== 'ready') return null;

  const restart = async () => {
    setRestarting(true);
    try {
      // Only 'stayed' (or a failed call) comes back while this page is still here.
      await updates.restart();
    } catch (error) {
      console.error('restart to update', error);
    } finally {
      setRestarting(false);
    }
  };

  return (
    <MessageBar intent="info" layout="multiline" className={styles.notice} role="status">
      <MessageBarBody>
        <MessageBarTitle>An update is ready.</MessageBarTitle>
        Careers Console {update.version} has been downloaded. Restart the console to install it, when it suits
        you.
      </MessageBarBody>
      <MessageBarActions>
        <Button
          appearance="primary"
          size="small"
          disabled={restarting}
          icon={restarting ? <Spinner size="extra-tiny" /> : undefined}
          onClick={() => void restart()}
        >
          Restart to update
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
