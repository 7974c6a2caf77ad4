import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { renderWithProviders } from './test-utils';

function DeleteButton({ onDelete, onDeleted }: { onDelete: () => Promise<unknown>; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete MP09GF1001
      </button>
      <ConfirmDeleteDialog
        open={open}
        onClose={() => setOpen(false)}
        onDelete={onDelete}
        {...(onDeleted ? { onDeleted } : {})}
      />
    </>
  );
}

beforeAll(async () => {
  await loadNamespaces('table');
});

describe('ConfirmDeleteDialog', () => {
  it('asks with the spec’s texts, deletes, toasts success and closes', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    const onDeleted = vi.fn();
    renderWithProviders(() => <DeleteButton onDelete={onDelete} onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete MP09GF1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you really want to delete this product?' });
    expect(dialog).toHaveAccessibleDescription("You won't be able to revert after deletion");

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You successfully deleted the item')).toBeInTheDocument();
    expect(onDelete).toHaveBeenCalledOnce();
    expect(onDeleted).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts the server message on failure and stays open; Cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() =>
      Promise.reject(new ApiError({ status: 409, serverMessage: 'The vehicle still has a device linked.' })),
    );
    renderWithProviders(() => <DeleteButton onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete MP09GF1001' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The vehicle still has a device linked.')).toBeInTheDocument();
    expect(screen.queryByText('You successfully deleted the item')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('speaks Hindi', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('hi');
    renderWithProviders(() => <DeleteButton onDelete={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Delete MP09GF1001' }));
    expect(
      await screen.findByRole('dialog', { name: 'क्या आप वाकई इस उत्पाद को हटाना चाहते हैं?' }),
    ).toHaveAccessibleDescription('हटाने के बाद आप इसे वापस नहीं ला पाएँगे');
    await user.click(screen.getByRole('button', { name: 'हटाएँ' }));
    expect(await screen.findByText('आपने आइटम सफलतापूर्वक हटा दिया')).toBeInTheDocument();
  });
});
