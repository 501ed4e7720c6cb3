import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TrackingLinksPage } from '../../../../src/renderer/features/sources/tracking-links-page';
import type { TrackingLink } from '../../../../src/shared/sources/source-contract';
import { adminStore, stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, memoryPlatform, renderScreen, fakeToken, inSeconds } from '../../support/test-utils';

/** The tracking links screen's rules (docs/behaviour.md#sources): what it checks, lists and saves. */
afterEach(() => {
  vi.unstubAllGlobals();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the tracking links screen', () => {
  it('checks the name and code before sending, names a referral after the employee, and saves the QR code through the platform', async () => {
    const user = userEvent.setup();
    let links: TrackingLink[] = [];
    const calls = stubApi((call) => {
      if (call.path === '/tracking-links' && call.method === 'GET') return jsonResponse(200, links);
      if (call.path.startsWith('/post')) return jsonResponse(200, []);
      if (call.path === '/tracking-links' && call.method === 'POST') {
        const body = call.body as { kind: 'referral'; name: string };
        links = [
          {
            id: 'l1',
            code: 'sam-patel',
            kind: body.kind,
            name: body.name,
            jobId: null,
            jobTitle: null,
            address: 'https://careers.example.co.uk/?src=sam-patel',
            applications: 1,
            createdAt: '2026-11-02T10:00:00.000Z',
            archivedAt: null,
          },
        ];
        return jsonResponse(201, links[0]);
      }
      if (call.path === '/tracking-links/l1/qr.png')
        return new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } });
      return undefined;
    });
    const { platform } = memoryPlatform(fakeToken({ email: 'ada@example.com', exp: inSeconds(3600) }));
    renderScreen(<TrackingLinksPage />, {
      store: await adminStore(platform),
      route: '/dashboard/tracking-links',
    });

    expect(await screen.findByText('No tracking links yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'What it is for' }), 'referral');
    await user.type(screen.getByRole('textbox', { name: /Employee’s name/ }), 'Sam Patel');
    await user.type(screen.getByRole('textbox', { name: /Code/ }), 'Sam Patel!');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByText(/A code has lower-case letters, digits and single hyphens/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: /Code/ }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'referral',
      name: 'Sam Patel',
    });
    const item = (await screen.findByRole('heading', { name: 'Sam Patel' })).closest('li')!;
    expect(within(item).getByText('https://careers.example.co.uk/?src=sam-patel')).toBeInTheDocument();
    expect(
      within(item).getByText(/Employee referral · code sam-patel · opens the careers home · 1 application/),
    ).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Download PNG QR code of Sam Patel' }));
    await vi.waitFor(() =>
      expect(platform.saveQrCode).toHaveBeenCalledWith('qr-sam-patel.png', PNG, 'image/png'),
    );
  });
});
