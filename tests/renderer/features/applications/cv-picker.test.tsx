import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_CV_BYTES } from '../../../../src/shared/limits';
import { messages } from '../../../../src/shared/messages';
import { FluentScope } from '../../../../src/renderer/components/fluent-scope';
import { CvPicker, type ReadyCv } from '../../../../src/renderer/features/applications/cv-picker';

const pdfBytes = (size = 2048) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};
const pdfFile = (name = 'cv.pdf', size?: number) =>
  new File([pdfBytes(size)], name, { type: 'application/pdf' });

function renderPicker() {
  const onChange = vi.fn<(cv: ReadyCv | null) => void>();
  function Harness() {
    const [cv, setCv] = useState<ReadyCv | null>(null);
    return (
      <FluentScope>
        <CvPicker
          value={cv}
          onChange={(next) => {
            setCv(next);
            onChange(next);
          }}
        />
      </FluentScope>
    );
  }
  const view = render(<Harness />);
  const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
  return { onChange, input, user: userEvent.setup({ applyAccept: false }) };
}

const READY_TIMEOUT = { timeout: 3000 };

describe('CV picker', () => {
  it('accepts only .pdf files in the chooser', () => {
    const { input } = renderPicker();
    expect(input.accept).toBe('.pdf,application/pdf');
  });

  it('refuses a file that is not a PDF and clears the selection', async () => {
    const { input, user, onChange } = renderPicker();
    await user.upload(input, new File(['hello'], 'cv.docx', { type: 'application/msword' }));
    expect(await screen.findByText(messages.cvOnlyPdf)).toBeInTheDocument();
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('refuses a PDF above 5 MB and clears the selection', async () => {
    const { input, user, onChange } = renderPicker();
    await user.upload(input, pdfFile('big.pdf', MAX_CV_BYTES + 1));
    expect(await screen.findByText(messages.cvTooLarge)).toBeInTheDocument();
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('accepts a PDF of exactly 5 MB', async () => {
    const { input, user } = renderPicker();
    await user.upload(input, pdfFile('limit.pdf', MAX_CV_BYTES));
    expect(await screen.findByText('File ready for upload', {}, READY_TIMEOUT)).toBeInTheDocument();
  });

  it('checks the content: a renamed file without the %PDF- signature is refused', async () => {
    const { input, user, onChange } = renderPicker();
    await user.upload(input, new File(['\x89PNG fake image'], 'photo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(messages.cvOnlyPdf, {}, READY_TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByText('File ready for upload')).not.toBeInTheDocument();
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the processing progress, then marks the file ready with the bytes to upload', async () => {
    const { input, user, onChange } = renderPicker();
    await user.upload(input, pdfFile('jane.pdf'));
    expect(await screen.findByText(/Checking PDF\.\.\./)).toBeInTheDocument();
    expect(screen.queryByText(/compress/i)).not.toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Checking PDF' });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    expect(await screen.findByText('File ready for upload', {}, READY_TIMEOUT)).toBeInTheDocument();
    expect(screen.getByText('jane.pdf')).toBeInTheDocument();
    const ready = onChange.mock.lastCall![0]!;
    expect(ready.fileName).toBe('jane.pdf');
    expect(ready.size).toBe(2048);
    expect(ready.bytes.type).toBe('application/pdf');
    expect(new Uint8Array(await ready.bytes.arrayBuffer())).toEqual(pdfBytes());
  });

  it('takes a PDF dropped on the drop zone', async () => {
    const { onChange } = renderPicker();
    const zone = screen.getByTestId('cv-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile('dropped.pdf')] } });
    expect(await screen.findByText('File ready for upload', {}, READY_TIMEOUT)).toBeInTheDocument();
    expect(onChange.mock.lastCall![0]!.fileName).toBe('dropped.pdf');
  });

  it('refuses a dropped non-PDF', async () => {
    renderPicker();
    fireEvent.drop(screen.getByTestId('cv-drop-zone'), {
      dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText(messages.cvOnlyPdf)).toBeInTheDocument();
  });

  it('a rejected second file clears the first one', async () => {
    const { input, user, onChange } = renderPicker();
    await user.upload(input, pdfFile('first.pdf'));
    await screen.findByText('File ready for upload', {}, READY_TIMEOUT);
    fireEvent.drop(screen.getByTestId('cv-drop-zone'), {
      dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText(messages.cvOnlyPdf)).toBeInTheDocument();
    expect(screen.queryByText('first.pdf')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('moves focus to the file card when a file is chosen, and again when it is removed', async () => {
    const { input, user } = renderPicker();
    const card = screen.getByRole('group', { name: 'CV: no file chosen' });
    // As in a browser: the button opens the chooser, and the hidden input reports the choice.
    await user.click(screen.getByRole('button', { name: 'Choose a PDF file' }));
    fireEvent.change(input, { target: { files: [pdfFile('jane.pdf')] } });
    await screen.findByText('File ready for upload', {}, READY_TIMEOUT);
    expect(card).toHaveFocus();
    expect(card).toHaveAccessibleName('CV: jane.pdf, 2 KB, ready for upload');

    await user.click(screen.getByRole('button', { name: 'Remove jane.pdf' }));
    expect(card).toHaveFocus();
    expect(card).toHaveAccessibleName('CV: no file chosen');
    expect(document.body).not.toHaveFocus();
  });
});
