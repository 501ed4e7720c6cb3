import { useId, useState } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { CopyRegular } from '@fluentui/react-icons/headless/svg/copy';
import { siteConfig } from '../../../shared/site/site-config';
import { usePlatform } from '../../platform/platform';
import { copyText } from '../../lib/copy-text';
import { useStyles } from './recovery-codes.styles';

/**
 * The ten recovery codes, shown once after two-step verification is turned on: only their digests
 * are kept, so this is the only time anyone can read them.
 */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const styles = useStyles();
  const platform = usePlatform();
  const titleId = useId();
  const [status, setStatus] = useState('');
  const text = [
    `${siteConfig.brandName} Careers: recovery codes for ${email}`,
    'Each code works once, in place of the code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');

  return (
    <div className={styles.root}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle id={titleId}>Save your recovery codes now</MessageBarTitle>
          If you lose your phone, each code lets you log in once instead of a code from the app. They are
          shown only this once: keep them somewhere safe, such as a password manager.
        </MessageBarBody>
      </MessageBar>
      <ol className={styles.codes} aria-labelledby={titleId} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          icon={<CopyRegular />}
          onClick={() => {
            void copyText(text).then((copied) =>
              setStatus(
                copied ? 'Recovery codes copied.' : 'They could not be copied: select them and copy instead.',
              ),
            );
          }}
        >
          Copy codes
        </Button>
        {platform.saveTextFile && (
          <Button
            icon={<ArrowDownloadRegular />}
            onClick={() => {
              void platform.saveTextFile?.('recovery-codes.txt', text).then((saved) => {
                if (saved === 'saved') setStatus('Recovery codes downloaded.');
              });
            }}
          >
            Download codes
          </Button>
        )}
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
    </div>
  );
}
