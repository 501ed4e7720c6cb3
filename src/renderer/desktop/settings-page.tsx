import { useState, useSyncExternalStore, type FormEvent } from 'react';
import {
  Button,
  Field,
  Input,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { UntitledMessageBar } from '../components/untitled-message-bar';
import { apiServerUrlSchema, type ConnectionCheck } from '../../shared/desktop/desktop-bridge';
import type { DesktopConsole } from './desktop-platform';

const useStyles = makeStyles({
  page: {
    maxWidth: '640px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalXXL,
    paddingBlock: tokens.spacingVerticalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  title: { ...typographyStyles.title2, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/**
 * The careers server the console talks to. Saving reloads the console: main serves the page with
 * a CSP whose connect-src is the saved address, and the API base URL is read at start, so both
 * change together. Main also forgets the stored sign-in when the address changes, so a token is
 * never sent to a server other than the one that issued it.
 */
export function SettingsPage({ console: desktop }: { console: DesktopConsole }) {
  const styles = useStyles();
  const storage = useSyncExternalStore(desktop.tokenStorage.subscribe, desktop.tokenStorage.current);
  const [address, setAddress] = useState(desktop.settings.apiServerUrl);
  const [error, setError] = useState<string | undefined>();
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);

  const validAddress = (): string | undefined => {
    const parsed = apiServerUrlSchema.safeParse(address);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : undefined;
  };

  const onCheck = async () => {
    const url = validAddress();
    if (!url) return;
    setBusy('check');
    setCheck(null);
    try {
      setCheck(await desktop.checkConnection(url));
    } finally {
      setBusy(null);
    }
  };

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = validAddress();
    if (!url) return;
    setBusy('save');
    try {
      await desktop.saveSettings({ apiServerUrl: url });
      window.location.reload();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The address could not be saved.');
      setBusy(null);
    }
  };

  return (
    <section className={styles.page} aria-labelledby="settings-title">
      <title>Settings | Careers Console</title>
      <h1 id="settings-title" className={styles.title}>
        Settings
      </h1>
      <p className={styles.text}>
        The console works with your company&apos;s careers server. Saving a new address restarts the console;
        if the address changes you will need to log in again.
      </p>
      <form className={styles.form} onSubmit={(event) => void onSave(event)} noValidate>
        <Field
          label="Careers server address"
          hint="For example https://careers.example.co.uk"
          required
          validationMessage={error}
        >
          <Input
            type="url"
            value={address}
            onChange={(_, data) => {
              setAddress(data.value);
              setCheck(null);
            }}
          />
        </Field>
        {check && (
          <UntitledMessageBar intent={check.ok ? 'success' : 'error'} role="status">
            <MessageBarBody>{check.message}</MessageBarBody>
          </UntitledMessageBar>
        )}
        <div className={styles.actions}>
          <Button
            type="button"
            disabled={busy !== null}
            icon={busy === 'check' ? <Spinner size="tiny" /> : undefined}
            onClick={() => void onCheck()}
          >
            Check connection
          </Button>
          <Button
            type="submit"
            appearance="primary"
            disabled={busy !== null}
            icon={busy === 'save' ? <Spinner size="tiny" /> : undefined}
          >
            Save
          </Button>
        </div>
      </form>
      <p className={styles.text}>
        {
          {
            keychain: 'Your sign-in is kept in this computer’s keychain.',
            'encrypted-file':
              'Your sign-in is kept encrypted in the console’s own folder, with a key this computer’s system protects.',
            memory: 'Your sign-in is kept in memory only until you close the console.',
          }[storage]
        }
      </p>
    </section>
  );
}
