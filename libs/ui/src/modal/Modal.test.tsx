import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './Modal';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit profile
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Edit profile"
        footer={<button type="button">Save</button>}
        {...props}
      >
        <input aria-label="Name" />
      </Modal>
    </>
  );
}

async function openDialog(props: Partial<ModalProps> = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Edit profile' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Edit profile' }) };
}

describe('Modal', () => {
  it('is a labelled modal dialog with focus moved inside', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from the close button', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on an overlay click but not on a click inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('can ignore overlay clicks', async () => {
    const { user, dialog } = await openDialog({ closeOnOverlayClick: false });
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = await openDialog();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('locks page scrolling only while open', async () => {
    const { user } = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes only the innermost of nested dialogs on Escape', async () => {
    const user = userEvent.setup();
    const closeOuter = vi.fn();
    function Nested() {
      const [confirming, setConfirming] = useState(false);
      return (
        <Modal open onClose={closeOuter} title="Order">
          <button type="button" onClick={() => setConfirming(true)}>
            Cancel order
          </button>
          <Modal open={confirming} onClose={() => setConfirming(false)} title="Cancel order?">
            <button type="button">Yes</button>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    const cancelOrder = screen.getByRole('button', { name: 'Cancel order' });
    await user.click(cancelOrder);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Cancel order?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Order' })).toBeTruthy();
    expect(closeOuter).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(cancelOrder);
    expect(document.body.style.overflow).toBe('hidden');
  });
});
