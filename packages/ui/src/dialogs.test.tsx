// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LoadingModal } from './dialog-views.js';
import { useDialogs, type DialogsApi } from './dialogs.js';
import { renderWithUi } from './testing/render.js';

afterEach(cleanup);

/** Renders the dialogs provider and hands the test its API. */
function withDialogs(): DialogsApi {
  let api: DialogsApi | undefined;
  function Capture() {
    api = useDialogs();
    return null;
  }
  renderWithUi(<Capture />);
  return api!;
}

describe('confirm', () => {
  it('is titled with the product name unless told otherwise, and resolves true on OK', async () => {
    const dialogs = withDialogs();
    const answer = dialogs.confirm({ message: 'Finish the inspection?' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('ServiceBay');
    expect(dialog.textContent).toContain('Finish the inspection?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resolves false on Cancel', async () => {
    const dialogs = withDialogs();
    const answer = dialogs.confirm({ title: 'Remove vehicle', message: 'Remove it?' });
    expect((await screen.findByRole('dialog')).textContent).toContain('Remove vehicle');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('can hide its cancel button, leaving OK as the only answer', async () => {
    const dialogs = withDialogs();
    const answer = dialogs.confirm({ message: 'Customer not found', hideCancel: true });
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    // Escape acknowledges, as OK does.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(answer).resolves.toBe(true);
  });

  it('puts the focus on OK so Enter confirms', async () => {
    const dialogs = withDialogs();
    void dialogs.confirm({ message: 'Sure?' });
    const ok = await screen.findByRole('button', { name: 'OK' });
    await waitFor(() => expect(document.activeElement).toBe(ok));
  });

  it('asks one question at a time, in order', async () => {
    const dialogs = withDialogs();
    const first = dialogs.confirm({ message: 'first question' });
    const second = dialogs.confirm({ message: 'second question' });
    await screen.findByText('first question');
    expect(screen.queryByText('second question')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first).resolves.toBe(true);
    await screen.findByText('second question');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
  });
});

describe('prompt', () => {
  it('keeps OK disabled until a required answer is typed, then resolves with it', async () => {
    const dialogs = withDialogs();
    const answer = dialogs.prompt({ label: 'Admin PIN', required: true });
    const input = await screen.findByLabelText(/Admin PIN/);
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '4321' } });
    expect(ok).toHaveProperty('disabled', false);
    fireEvent.submit(input.closest('form')!);
    await expect(answer).resolves.toBe('4321');
  });

  it('resolves null on Cancel', async () => {
    const dialogs = withDialogs();
    const answer = dialogs.prompt({ label: 'Note', defaultValue: 'draft' });
    expect(await screen.findByDisplayValue('draft')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });
});

describe('loading modal', () => {
  it('shows its message and cannot be closed with Escape', async () => {
    renderWithUi(<LoadingModal opened message="Sending the report…" />);
    const dialog = await screen.findByRole('dialog', { name: 'Sending the report…' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says Loading… when given no message, in the current language', async () => {
    renderWithUi(<LoadingModal opened />, { language: 'fr' });
    expect(await screen.findByRole('dialog', { name: 'Chargement…' })).toBeDefined();
  });

  it('stays while any showLoading call is still open', async () => {
    const dialogs = withDialogs();
    const closeFirst = dialogs.showLoading('Saving');
    const closeSecond = dialogs.showLoading('Uploading pictures');
    expect(await screen.findByRole('dialog', { name: 'Uploading pictures' })).toBeDefined();
    closeSecond();
    expect(await screen.findByRole('dialog', { name: 'Saving' })).toBeDefined();
    closeFirst();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
