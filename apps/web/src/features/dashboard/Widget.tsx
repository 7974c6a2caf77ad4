/**
 * The dashboards' building blocks: a titled card that shows a skeleton while loading, an error with Retry, an empty
 * message, or its content; and a big number that links to the list or report behind it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface WidgetProps {
  title: string;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown instead of the content when set (e.g. "No trips yet today"). */
  emptyText?: string | null | undefined;
  /** Skeleton height while loading. */
  skeletonHeight?: number;
  action?: ReactNode;
  children?: ReactNode;
}

export function Widget({
  title,
  isLoading,
  error,
  onRetry,
  emptyText,
  skeletonHeight = 96,
  action,
  children,
}: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  let body: ReactNode;
  if (isLoading) body = <Skeleton variant="rounded" height={skeletonHeight} aria-label={t('loading')} />;
  else if (error)
    body = (
      <Alert
        severity="error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('retry')}
            </Button>
          )
        }
      >
        {error instanceof Error ? error.message : t('error')}
      </Alert>
    );
  else if (emptyText)
    body = (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {emptyText}
      </Typography>
    );
  else body = children;
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1 }}
        >
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {body}
      </CardContent>
    </Card>
  );
}

export interface StatLinkProps {
  value: ReactNode;
  label: string;
  /** The list or report behind the number; none: plain text. */
  to?: string | undefined;
  /** Accessible name of the link (defaults to "value label"). */
  linkLabel?: string;
  tone?: 'default' | 'error' | 'warning' | 'success';
}

const TONES = {
  default: 'text.primary',
  error: 'error.main',
  warning: 'warning.main',
  success: 'success.main',
};

export function StatLink({ value, label, to, linkLabel, tone = 'default' }: StatLinkProps) {
  const number = (
    <Typography component="span" sx={{ fontSize: 30, fontWeight: 800, lineHeight: 1.1, color: TONES[tone] }}>
      {value}
    </Typography>
  );
  return (
    <Stack sx={{ minWidth: 96 }}>
      {to ? (
        <Link
          component={RouterLink}
          to={to}
          underline="hover"
          aria-label={linkLabel ?? `${String(value)} ${label}`}
          sx={{ alignSelf: 'flex-start', borderRadius: 1 }}
        >
          {number}
        </Link>
      ) : (
        number
      )}
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

/** A responsive grid of widgets. */
export function WidgetGrid({ children, min = 280 }: { children: ReactNode; min?: number }) {
  return (
    <Stack
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: `repeat(auto-fill, minmax(${min}px, 1fr))` },
        mb: 2,
      }}
    >
      {children}
    </Stack>
  );
}
