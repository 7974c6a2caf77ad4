/**
 * "Confirm with your password": the one dialog for actions that ask the signed-in user's password again (ending
 * sessions, turning two-step verification off, an administrator's reset of someone's second factor; ASVS 3.3.4,
 * 2.8, 2.5). Optionally it also asks a second factor (a current 6-digit code or a recovery code).
 *
 * Texts come in already translated, so the dialog belongs to no feature. `onConfirm` makes the call: when it rejects
 * the dialog stays open with the server's message on the field it names (`errors.password` / `errors.code`) or above
 * the buttons; when it resolves, the caller closes the dialog (and toasts). Wrong passwords count against the sign-in
 * limits on the server, so the dialog never retries by itself.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MFA_RECOVERY_CODE_PATTERN, PASSWORD_MAX } from '@civicfleet/shared';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@/api/api-error';

export interface ConfirmWithPasswordValues {
  password: string;
  /** '' unless `codeField` is given. */
  code: string;
}

export interface ConfirmWithPasswordDialogProps {
  title: string;
  description: ReactNode;
  passwordLabel: string;
  /** Under the password field while it has no error. */
  passwordHint?: string;
  passwordRequiredMessage: string;
  /** Also ask a second factor: a current 6-digit code or an unused recovery code. */
  codeField?: { label: string; hint: string; invalidMessage: string };
  confirmLabel: string;
  cancelLabel: string;
  /** Shown when the call fails without a message of its own (e.g. no network). */
  failedMessage: string;
  /** The red button: the action cannot be undone from here. */
  isDestructive?: boolean;
  /** The server's messages in the console's language (its texts are fixed English); as they are by default. */
  translateMessage?: (message: string) => string;
  onConfirm: (values: ConfirmWithPasswordValues) => Promise<void>;
  onClose: () => void;
}

/** The form rules, with the caller's messages. */
export function confirmWithPasswordSchema(
  passwordRequiredMessage: string,
  codeField?: { invalidMessage: string },
) {
  const code = codeField
    ? z
        .string()
        .trim()
        .refine(
          (value) => /^\d{6}$/.test(value) || MFA_RECOVERY_CODE_PATTERN.test(value),
          codeField.invalidMessage,
        )
    : z.string();
  return z.object({
    password: z.string().min(1, passwordRequiredMessage).max(PASSWORD_MAX, passwordRequiredMessage),
    code,
  });
}

export function ConfirmWithPasswordDialog({
  title,
  description,
  passwordLabel,
  passwordHint,
  passwordRequiredMessage,
  codeField,
  confirmLabel,
  cancelLabel,
  failedMessage,
  isDestructive = true,
  translateMessage = (message) => message,
  onConfirm,
  onClose,
}: ConfirmWithPasswordDialogProps) {
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => confirmWithPasswordSchema(passwordRequiredMessage, codeField),
    [passwordRequiredMessage, codeField],
  );
  const { control, handleSubmit, setError, formState } = useForm<ConfirmWithPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', code: '' },
  });
  const isPending = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onConfirm(values);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(failedMessage);
        return;
      }
      // A code error is kept even while the code field is hidden: a caller that shows the field on it (step-up)
      // renders the field with its message.
      const passwordError = error.errors?.password;
      const codeError = error.errors?.code;
      if (passwordError) setError('password', { message: translateMessage(passwordError) });
      if (codeError) setError('code', { message: translateMessage(codeError) });
      if (!passwordError && !codeError)
        setFormError(error.hasServerMessage ? translateMessage(error.message) : failedMessage);
    }
  });

  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          <Controller
            control={control}
            name="password"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                type="password"
                label={passwordLabel}
                autoComplete="current-password"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first field (WAI-ARIA dialog: focus it)
                autoFocus
                fullWidth
                margin="dense"
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? passwordHint ?? ' '}
              />
            )}
          />
          {codeField && (
            <Controller
              control={control}
              name="code"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label={codeField.label}
                  autoComplete="one-time-code"
                  fullWidth
                  margin="dense"
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? codeField.hint}
                />
              )}
            />
          )}
          {formError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {formError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={isDestructive ? 'error' : 'primary'}
            loading={isPending}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
