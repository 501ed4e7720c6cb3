import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom reads the animations and transitions the page's stylesheets ask for, but has no engine
// to run them, so their `animationend` and `transitionend` never come: a dialog that waits for
// its closing animation (sweetalert2 does) would never close. Here they take no time, as they do
// for a visitor who asks for reduced motion; the browser tests run them for real.
const still = document.createElement('style');
still.textContent =
  '*, *::before, *::after { animation-duration: 0s !important; transition-duration: 0s !important; }';
document.head.append(still);

// The suite's phases share two cores, so a screen can take more than testing-library's default
// second to answer while the server tests run beside it; a finder waits up to five before it fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
