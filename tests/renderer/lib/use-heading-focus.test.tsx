import { render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
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

const nextFrames = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('the focus when the app starts on an address with a fragment', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('goes to the element the fragment names', async () => {
    window.history.replaceState(null, '', '/apply/1#apply-title');
    render(
      <MemoryRouter initialEntries={['/apply/1']}>
        <Layout />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Apply for Claims Handler' })).toHaveFocus(),
    );
  });

  it('stays where the visitor put it before the app ran (the page works without it)', async () => {
    window.history.replaceState(null, '', '/apply/1#apply-title');
    render(
      <MemoryRouter initialEntries={['/apply/1']}>
        <Layout />
      </MemoryRouter>,
    );
    // Tab pressed after the jump, while the app was still starting.
    screen.getByLabelText('Full Name').focus();
    await nextFrames();
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
  });
});
