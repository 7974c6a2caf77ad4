import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';

/** Placeholder rows while the first page loads. */
export function SkeletonRows({ rowCount, columnCount }: { rowCount: number; columnCount: number }) {
  return Array.from({ length: rowCount }, (_, i) => (
    <TableRow key={`skeleton-${i}`} aria-hidden>
      {Array.from({ length: columnCount }, (__, j) => (
        <TableCell key={j}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** The server's message when it sent one, else a generic line; Retry when the caller can. */
export function ErrorRow({
  error,
  columnCount,
  onRetry,
}: {
  error: unknown;
  columnCount: number;
  onRetry: (() => void) | undefined;
}) {
  const { t } = useTranslation('table');
  const message = error instanceof ApiError && error.hasServerMessage ? error.message : t('error.title');
  return (
    <TableRow>
      <TableCell colSpan={columnCount}>
        <Alert
          severity="error"
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('error.retry')}
              </Button>
            )
          }
        >
          {message}
        </Alert>
      </TableCell>
    </TableRow>
  );
}

export function EmptyRow({ message, columnCount }: { message: string; columnCount: number }) {
  return (
    <TableRow>
      <TableCell colSpan={columnCount} align="center" sx={{ py: 6, color: 'text.secondary' }}>
        {message}
      </TableCell>
    </TableRow>
  );
}
