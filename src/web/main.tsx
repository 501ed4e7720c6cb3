// The page's stylesheet comes from here, the entry, so it is linked in the HTML and blocks the
// first paint as it must, rather than arriving with the app's script.
import '@fluentui/react-icons/headless/styles.css';
import '../renderer/app/theme.css';
import '../renderer/app/global.css';
import { TOKEN_STORAGE_KEY } from '../shared/limits';
import { REFERRER_PARAM } from '../shared/sources/source-params';

// This file is everything a visitor of a prerendered page downloads before the app: keep it tiny,
// with no import beyond the stylesheets and constants (tests/e2e/bundle-budget.spec.ts).

const root = document.getElementById('root');
const prerendered = Boolean(root?.firstElementChild);

/** A stored session means an administrator, whose signed-in header and job buttons need the app. */
function signedIn(): boolean {
  try {
    return Boolean(window.localStorage.getItem(TOKEN_STORAGE_KEY));
  } catch {
    // Private browsing or a blocked storage: nobody is signed in here.
    return false;
  }
}

/**
 * A disclosure button (aria-expanded, aria-controls) opens and closes its panel before the app runs,
 * changing exactly what its React component would render: aria-expanded and the panel's `hidden`
 * (its label and chevron follow aria-expanded by CSS, global.css). The component reads that state
 * back when it hydrates (job-card.tsx), so the visitor's choice survives the app's arrival.
 */
function toggleDisclosure(button: HTMLButtonElement): boolean {
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel || !button.hasAttribute('aria-expanded')) return false;
  const open = button.getAttribute('aria-expanded') !== 'true';
  button.setAttribute('aria-expanded', String(open));
  panel.hidden = !open;
  return true;
}

/**
 * A button that opens a file chooser (the CV picker's: `data-file-input` names its input) opens it
 * here and now. A browser opens one only within about 5 s of the press (its "user activation"), and
 * on a slow link the app can take longer than that to arrive. The file chosen stays in the input,
 * where the picker finds it as it hydrates (cv-picker.tsx).
 */
function openFileChooser(button: HTMLButtonElement): boolean {
  const input = document.getElementById(button.dataset.fileInput ?? '');
  if (!(input instanceof HTMLInputElement) || input.type !== 'file' || input.disabled) return false;
  input.click();
  return true;
}

// A button pressed before the app has taken over the prerendered page (links work without it): a
// disclosure is toggled and a file chooser opened here; any other would do nothing, so the last one
// is kept and pressed again once the app is running. A form's submit button (pressed, or by Enter
// in a field) must not send the form meanwhile: the browser would load the page again with the
// fields in its address.
let pressedEarly: HTMLButtonElement | null = null;

/**
 * The outside site this visit came from, its host only (docs/behaviour.md#sources): the referrer
 * of the page landed on, or the host an earlier page carried on. A link followed before the app
 * runs loads a new page, whose referrer is this site, so the host goes on in its address.
 */
const outsideHost = (() => {
  try {
    const from = new URL(document.referrer);
    if (from.host !== location.host && from.protocol.startsWith('http')) return from.host;
  } catch {
    // No referrer, or not an address.
  }
  return new URLSearchParams(location.search).get(REFERRER_PARAM);
})();
function carryOutsideHost(target: EventTarget | null) {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!outsideHost || !link || !root?.contains(link) || link.origin !== location.origin) return;
  // A jump within this page (the job page's "Apply now") stays one.
  if (link.pathname === location.pathname && link.hash) return;
  const address = new URL(link.href);
  address.searchParams.set(REFERRER_PARAM, outsideHost);
  link.href = address.href;
}

const onEarlyClick = (event: MouseEvent) => {
  carryOutsideHost(event.target);
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || !root?.contains(button)) return;
  if (toggleDisclosure(button) || openFileChooser(button)) return;
  pressedEarly = button;
  if (button.type === 'submit' && button.form) event.preventDefault();
};

/**
 * What counts as the visitor starting to use the page: a press, a touch, a key or a focus, and a
 * field changed without any of those (a file dropped on the CV picker, a browser's autofill).
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change'] as const;

/**
 * Whether the visitor began using the page before this script arrived (it can come late on a slow
 * connection): a field holds the focus, has been typed into, or has a file chosen.
 */
function alreadyInUse(): boolean {
  const focused = document.activeElement;
  if (focused && focused !== document.body && root?.contains(focused)) return true;
  return Array.from(
    root?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea') ?? [],
  ).some((field) =>
    field instanceof HTMLInputElement && field.type === 'file'
      ? Boolean(field.files?.length)
      : field.value !== field.defaultValue,
  );
}

let starting = false;
async function start() {
  if (starting) return;
  starting = true;
  for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
  const { startApp } = await import('./start-app');
  // A job's page waits for its screens' code before React takes it: presses are still handled here.
  await startApp({ prerendered });
  // From here React handles every click: the early handler must not toggle a second time.
  document.removeEventListener('click', onEarlyClick, true);
  // React hydrates at once the part of the page an event lands on, then handles the event.
  if (pressedEarly?.isConnected) pressedEarly.click();
}

function onInteraction() {
  void start();
}

// A page the server drew (src/web/prerender.tsx) is readable as it is. One the server marks
// `data-start="interaction"` (src/server/site/page-html.ts: the home page and job pages) works
// without the app (links, details; a job's form keeps what is typed and waits to be sent), so the
// app is fetched only when the visitor starts to interact, and a phone spends no time on it before
// then; a signed-in administrator needs it at once for the signed-in
// header and the job buttons. Any other prerendered page gets the app right after the first paint.
// A page the server did not draw is rendered by the app, which its HTML preloads, at once.
// See docs/architecture.md#the-web-entry.
if (!prerendered) {
  void start();
} else {
  document.addEventListener('click', onEarlyClick, true);
  if (root?.dataset.start === 'interaction' && !signedIn() && !alreadyInUse()) {
    for (const type of INTERACTIONS)
      document.addEventListener(type, onInteraction, { capture: true, passive: true });
  } else {
    requestAnimationFrame(() => setTimeout(() => void start(), 0));
  }
}
