/**
 * Progress overlay (spec 02 §2 "Pickers and overlays"): a spinner over the page, with the percentage when `current`
 * and `total` are given, otherwise indeterminate. A modal of its own, so it covers (and is announced above) a dialog
 * it was opened from; Escape and clicks do not close it (no onClose): it closes when the work is done.
 */
import Box from '@mui/material/Box';
import Modal from '@mui/material/Modal';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface ProgressOverlayProps {
  open: boolean;
  /** What is going on, for screen readers and under the spinner. */
  label: string;
  current?: number | undefined;
  total?: number | undefined;
}

/** 0–100, or undefined when the progress is not known. */
export function progressPercent(current?: number, total?: number): number | undefined {
  if (current === undefined || total === undefined || total <= 0) return undefined;
  return Math.min(100, Math.max(0, Math.round((current / total) * 100)));
}

export function ProgressOverlay({ open, label, current, total }: ProgressOverlayProps) {
  const percent = progressPercent(current, total);
  return (
    <Modal open={open} aria-label={label}>
      <Box
        tabIndex={-1}
        sx={{
          position: 'fixed',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          color: '#fff',
          outline: 'none',
        }}
      >
        <Box sx={{ position: 'relative', display: 'inline-flex' }}>
          <CircularProgress
            color="inherit"
            size={72}
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            {...(percent === undefined ? {} : { value: percent })}
            aria-label={label}
          />
          {percent !== undefined && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700 }}>
                {`${percent}%`}
              </Typography>
            </Box>
          )}
        </Box>
        <Typography sx={{ mt: 2 }} aria-live="polite">
          {label}
        </Typography>
      </Box>
    </Modal>
  );
}
