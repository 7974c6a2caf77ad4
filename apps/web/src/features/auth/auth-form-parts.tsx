/**
 * The failure alert and submit button shared by the auth forms. Only Alert and Button, which the sign-in route
 * already loads, so the login bundle does not grow (budget ≤250 kB, ARCHITECTURE.md "Front end").
 */
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';

/** The submit failure under a form; renders nothing while `message` is null. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}

type SubmitButtonProps = Pick<ButtonProps, 'children' | 'disabled' | 'fullWidth' | 'size'> & {
  /** Shows the spinner at the start of the button (and disables it). */
  loading: boolean;
};

/** Contained submit button with a start spinner; full width and large by default, as on the auth screens. */
export function SubmitButton({ loading, fullWidth = true, size = 'large', ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      fullWidth={fullWidth}
      size={size}
      variant="contained"
      sx={{ mt: 3 }}
      loading={loading}
      loadingPosition="start"
      {...props}
    />
  );
}
