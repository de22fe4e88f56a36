import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Delete user"
      message="Are you sure you want to delete this user?"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { user: userEvent.setup(), onConfirm, onCancel };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('ConfirmDialog', () => {
  it('describes the dialog with the message and starts on Cancel', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete user' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Are you sure you want to delete this user?',
    );
    expect(document.activeElement).toBe(button('Cancel'));
  });

  it('confirms and cancels', async () => {
    const { user, onConfirm, onCancel } = renderDialog();
    await user.click(button('Delete'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(button('Cancel'));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while busy, shows progress and cannot be confirmed, cancelled or escaped', async () => {
    const { user, onConfirm, onCancel } = renderDialog({ busy: true, busyLabel: 'Deleting...' });
    const confirm = button('Deleting...');
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(button('Cancel').disabled).toBe(true);
    await user.click(confirm);
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
