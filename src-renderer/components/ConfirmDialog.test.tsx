import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

const QUESTION = 'The network and its own API key are removed. Keys shared with other networks are kept.';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const result = render(
    <ConfirmDialog open title="Delete Staging node?" confirmLabel="Delete network" danger onConfirm={onConfirm} onCancel={onCancel} {...props}>
      {QUESTION}
    </ConfirmDialog>,
  );
  return { ...result, onConfirm, onCancel };
}

/** A screen that asks before deleting, as the settings pages use the dialog: it owns `open`. */
function DeleteButton({ danger = true, onDelete }: { danger?: boolean; onDelete: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setConfirming(true)}>
        Delete Staging node
      </button>
      <ConfirmDialog
        open={confirming}
        title="Delete Staging node?"
        confirmLabel="Delete network"
        danger={danger}
        onConfirm={() => {
          onDelete();
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      >
        {QUESTION}
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('shows nothing while closed', () => {
    renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(QUESTION)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens as a modal dialog named by its title and described by its question, in <body>', () => {
    const { container } = render(
      <table>
        <tbody>
          <tr>
            <td>
              <ConfirmDialog open title="Delete Staging node?" confirmLabel="Delete network" onConfirm={() => undefined} onCancel={() => undefined}>
                {QUESTION}
              </ConfirmDialog>
            </td>
          </tr>
        </tbody>
      </table>,
    );
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Delete Staging node?', description: QUESTION });
    expect(dialog.open).toBe(true);
    expect(within(dialog).getByRole('heading', { name: 'Delete Staging node?' })).toBeTruthy();
    // A portal: nothing of the table cell it was used in reaches it.
    expect(dialog.parentElement).toBe(document.body);
    expect(container.contains(dialog)).toBe(false);
  });

  it('starts focus on Cancel when the action destroys something', () => {
    renderDialog({ danger: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete network' }).className).toContain('btn-danger');
  });

  it('starts focus on the action when it does not', () => {
    renderDialog({ danger: false, confirmLabel: 'Save' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('confirms with its action button, and cancels with Cancel', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete network' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with Escape, and stays open until its owner closes it', async () => {
    const user = userEvent.setup();
    const { onCancel, onConfirm } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    // Escape is asked about, not obeyed: `open` is the owner's.
    expect(screen.getByRole<HTMLDialogElement>('dialog').open).toBe(true);
  });

  it('while busy: both buttons off, the action says it is working, and Escape does nothing', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog({ busy: true });
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Working…' }).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Delete network' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it('shows why the action failed and stays open for a retry', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog({ error: { name: 'NetworkInUseError', kind: 'invalidInput', shortMessage: 'Staging node is the selected network.' } });
    const dialog = screen.getByRole('dialog');
    const alert = within(dialog).getByRole('alert');
    expect(within(alert).getByText('Staging node is the selected network.')).toBeTruthy();
    // Its kind and code are behind the notice's "Details", not in its words.
    expect(within(alert.querySelector('details')!).getByText('NetworkInUseError')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete network' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('opens from its button, closes on Escape and gives focus back to that button', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<DeleteButton onDelete={onDelete} />);
    const opener = screen.getByRole('button', { name: 'Delete Staging node' });
    await user.click(opener);
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Delete Staging node?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('opens again after a cancel, and confirming runs the action once and closes', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<DeleteButton onDelete={onDelete} danger={false} />);
    await user.click(screen.getByRole('button', { name: 'Delete Staging node' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Staging node' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete network' }));
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Staging node' }));
  });
});
