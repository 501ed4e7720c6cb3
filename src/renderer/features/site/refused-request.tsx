import { mergeClasses } from '@fluentui/react-components';
import { messages } from '../../../shared/messages';
import type { Refusal } from '../../../shared/site/initial-data';
import { screens } from '../../../shared/site/screen-routes';
import { siteConfig } from '../../../shared/site/site-config';
import { useActionStyles } from '../../components/action-styles';
import { useStyles } from './refused-request.styles';

/**
 * What a browser opening an address the server refused is shown, in the site's frame: the
 * server's own message ("The request contains a character that is not allowed (NUL).") and the
 * way home; or, under its own title, what the server answers a plain form or an opened link (a
 * job alert's sign-up sent without the app), with the one button that link's page POSTs. Plain
 * elements, as on the crash screen: it is in the public site's first download.
 */
export function RefusedRequest({ refusal }: { refusal: Refusal }) {
  const styles = useStyles();
  const actions = useActionStyles();
  const title = refusal.title ?? messages.requestRefused;
  const { form, link } = refusal;
  return (
    <section className={styles.root} aria-labelledby="refused-request-title">
      <title>{`${title} | ${siteConfig.brandName} Careers`}</title>
      <h1 id="refused-request-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{refusal.message}</p>
      {!refusal.title && <p className={styles.text}>Check the address, or start again from the homepage.</p>}
      {form && (
        <form method="post" action={form.action}>
          <button type="submit" className={mergeClasses(actions.base, actions.primary)}>
            {form.button}
          </button>
        </form>
      )}
      {link && (
        <a href={link.href} className={mergeClasses(actions.base, actions.primary)}>
          {link.label}
        </a>
      )}
      <a
        href={screens.home.path()}
        className={mergeClasses(actions.base, form || link ? actions.secondary : actions.primary)}
      >
        {refusal.title ? 'Go to the careers page' : 'Go to the homepage'}
      </a>
    </section>
  );
}
