/**
 * The frame of every add/edit screen: header, a card, and for edit screens the record's loading spinner, "not found"
 * and load-failure states with Retry; the form renders once the record is there (or at once when adding).
 * FormActions is the row at the bottom of such a form: Cancel back to the list, and a submit button that is disabled
 * with a spinner while submitting (spec 01 §5).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';

export interface FormPageProps<T> {
  title: string;
  subtitle?: string;
  /** The record being edited; omit when adding. */
  record?: UseQueryResult<T>;
  /** Shown when the record answers 404. */
  notFoundText: string;
  maxWidth?: number;
  /** The form, given the loaded record (undefined when adding). */
  children: (record: T | undefined) => ReactNode;
}

export function FormPage<T>({
  title,
  subtitle,
  record,
  notFoundText,
  maxWidth = 880,
  children,
}: FormPageProps<T>) {
  const { t } = useTranslation('form');
  return (
    <Box sx={{ maxWidth }}>
      <PageHeader title={title} subtitle={subtitle} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {!record && children(undefined)}
          {record?.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('page.loading')} />
            </Box>
          )}
          {record?.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void record.refetch()}>
                  {t('page.retry')}
                </Button>
              }
            >
              {record.error instanceof ApiError && record.error.status === 404
                ? notFoundText
                : t('page.loadFailed')}
            </Alert>
          )}
          {record?.data !== undefined && children(record.data)}
        </CardContent>
      </Card>
    </Box>
  );
}

export interface FormActionsProps {
  /** Where Cancel goes (the list). */
  cancelTo: string;
  submitting: boolean;
  /** Text of the submit button ("Save", "Add vehicle"…). */
  submitLabel: string;
}

export function FormActions({ cancelTo, submitting, submitLabel }: FormActionsProps) {
  const { t } = useTranslation('form');
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
      <Button component={RouterLink} to={cancelTo} disabled={submitting}>
        {t('page.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {submitLabel}
      </Button>
    </Box>
  );
}
