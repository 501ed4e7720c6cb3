// The page's stylesheet comes from here, the entry, so it is linked in the HTML and blocks the
// first paint as it must, rather than arriving with the app's script.
import '@fluentui/react-icons/headless/styles.css';
import '../renderer/app/theme.css';
import '../renderer/app/global.css';

const prerendered = Boolean(document.getElementById('root')?.firstElementChild);

// A button pressed before the app has taken over the prerendered page (links work without it) would
// otherwise do nothing: the last one is kept and pressed again once the app is running.
let pressedEarly: HTMLButtonElement | null = null;
const keepPress = (event: Event) => {
  if (event.target instanceof Element) pressedEarly = event.target.closest('button') ?? pressedEarly;
};

async function start() {
  const { startApp } = await import('./start-app');
  startApp({ prerendered });
  document.removeEventListener('click', keepPress, true);
  // React hydrates at once the part of the page an event lands on, then handles the event.
  if (pressedEarly?.isConnected) pressedEarly.click();
}

// A page the server drew (src/web/prerender.tsx) is readable as it is, so the app is fetched and
// run only after the browser has painted it: a slow device or connection shows the page first and
// hydrates it after. Any other page is rendered by the app, which its HTML preloads, at once.
if (prerendered) {
  document.addEventListener('click', keepPress, true);
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}
