import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHeadingFocus } from '../../../src/renderer/lib/use-heading-focus';

function Layout() {
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <main ref={main} tabIndex={-1}>
      <h1 id="apply-title" tabIndex={-1}>
        Apply for Claims Handler
      </h1>
      <label htmlFor="name">Full Name</label>
      <input id="name" />
    </main>
  );
}

// The hook looks once the screen has drawn (the next animation frame). The frames are run here by
// hand, so the test does not hang on jsdom's frame clock, which the other files share.
let frames: FrameRequestCallback[] = [];
const runFrames = () =>
  act(() => {
    for (const frame of frames.splice(0)) frame(performance.now());
  });

describe('the focus when the app starts on an address with a fragment', () => {
  beforeEach(() => {
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('goes to the element the fragment names', () => {
    window.history.replaceState(null, '', '/apply/1#apply-title');
    render(
      <MemoryRouter initialEntries={['/apply/1']}>
        <Layout />
      </MemoryRouter>,
    );
    runFrames();
    expect(screen.getByRole('heading', { name: 'Apply for Claims Handler' })).toHaveFocus();
  });

  it('stays where the visitor put it before the app ran (the page works without it)', () => {
    window.history.replaceState(null, '', '/apply/1#apply-title');
    render(
      <MemoryRouter initialEntries={['/apply/1']}>
        <Layout />
      </MemoryRouter>,
    );
    // Tab pressed after the jump, while the app was still starting.
    screen.getByLabelText('Full Name').focus();
    runFrames();
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
  });
});
