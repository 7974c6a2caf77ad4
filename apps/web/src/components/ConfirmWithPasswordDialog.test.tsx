import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import {
  ConfirmWithPasswordDialog,
  type ConfirmWithPasswordDialogProps,
  type ConfirmWithPasswordValues,
} from './ConfirmWithPasswordDialog';

const CODE_FIELD = {
  label: 'Code',
  hint: '6-digit code or a recovery code',
  invalidMessage: 'Enter a 6-digit code or a recovery code',
};

function renderDialog(props: Partial<ConfirmWithPasswordDialogProps> = {}) {
  const onConfirm = vi.fn<(values: ConfirmWithPasswordValues) => Promise<void>>(async () => undefined);
  const onClose = vi.fn();
  render(
    <ConfirmWithPasswordDialog
      title="Reset it?"
      description="This cannot be undone."
      passwordLabel="Your password"
      passwordHint="Enter your password to confirm."
      passwordRequiredMessage="The password field is required"
      confirmLabel="Reset"
      cancelLabel="Cancel"
      failedMessage="It could not be done."
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { onConfirm: props.onConfirm ?? onConfirm, onClose, user: userEvent.setup() };
}

const apiError = (message: string, errors?: Record<string, string>) =>
  new ApiError({ status: 400, serverMessage: message, errors });

describe('ConfirmWithPasswordDialog', () => {
  it('is a labelled dialog with the password focused; an empty password never reaches the server', async () => {
    const { onConfirm, user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Reset it?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(screen.getByLabelText('Your password')).toHaveFocus();
    expect(screen.getByLabelText('Your password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('The password field is required')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('puts a server message on the field it names, else above the buttons, and stays open', async () => {
    const onConfirm = vi
      .fn<(values: ConfirmWithPasswordValues) => Promise<void>>()
      .mockRejectedValueOnce(
        apiError('The current password is not correct.', {
          password: 'The current password is not correct.',
        }),
      )
      .mockRejectedValueOnce(apiError('Two-step verification is not on for this user.'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(undefined);
    const { onClose, user } = renderDialog({ onConfirm });
    const password = screen.getByLabelText('Your password');
    await user.type(password, 'wrong-password{Enter}');
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, 'Brisk7Lantern#Ward{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Two-step verification is not on for this user.',
    );
    // Not an answer of the server (no network): the caller's message, not the browser's.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It could not be done.');
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(4));
    expect(onConfirm).toHaveBeenLastCalledWith({ password: 'Brisk7Lantern#Ward', code: '' });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    // Closing is the caller's business after success.
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks a code too when told: 6 digits or a recovery code, and shows the server message on it', async () => {
    const onConfirm = vi
      .fn<(values: ConfirmWithPasswordValues) => Promise<void>>()
      .mockRejectedValueOnce(apiError('Wrong', { code: 'The verification code is not correct.' }))
      .mockResolvedValueOnce(undefined);
    const { user } = renderDialog({ codeField: CODE_FIELD, onConfirm });
    await user.type(screen.getByLabelText('Your password'), 'Brisk7Lantern#Ward');
    await user.type(screen.getByLabelText('Code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Enter a 6-digit code or a recovery code')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456{Enter}');
    expect(await screen.findByText('The verification code is not correct.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '7KQ2M-X9D4T{Enter}');
    await waitFor(() =>
      expect(onConfirm).toHaveBeenLastCalledWith({ password: 'Brisk7Lantern#Ward', code: '7KQ2M-X9D4T' }),
    );
  });

  it('cannot be dismissed or cancelled while the call runs; Cancel closes it otherwise', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { onClose, user } = renderDialog({ onConfirm });
    await user.type(screen.getByLabelText('Your password'), 'Brisk7Lantern#Ward{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
