import { Fragment } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';

const useStyles = makeStyles({
  // Ancestors may let text break anywhere (long names, cover letters); an address breaks only at
  // the points below, and mid-word only when one part alone is wider than the line. `break-word`,
  // unlike `anywhere`, does not let a narrow column count the address as breakable everywhere.
  address: { overflowWrap: 'break-word', wordBreak: 'normal' },
});

/**
 * The places an address may wrap: after "@" and before each dot ("priya.shah@example.co.uk"
 * as priya | .shah@ | example | .co | .uk), the breaks a reader expects of an address.
 */
export function addressParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}

/**
 * An e-mail address as people read it, anywhere one is shown: it wraps only after "@" and before
 * dots (<wbr>), never mid-word ("example.c om"). The text, its copy and its accessible name stay
 * the address itself. Put it inside the mailto link where there is one.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.address, className)}>
      {addressParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
