/**
 * /swm/complaint/edit/:id: the complaint — its data, photos, location, timeline, the GPS evidence of its closure —
 * and the steps its status and the caller's permissions allow: edit, assign, add a note, resolve, reopen.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canTakeComplaintStep, type ComplaintDetail } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { addComplaintNote, complaintKeys, getComplaint, reopenComplaint } from './api/complaints';
import { AssignDialog } from './AssignDialog';
import { ComplaintForm } from './ComplaintForm';
import { complaintPaths } from './complaint-paths';
import { ComplaintStatusChip, SlaCountdown, useNow } from './ComplaintStatusChip';
import { EvidenceMap } from './EvidenceMap';
import { EvidenceView } from './EvidenceView';
import { Photos } from './Photos';
import { ResolveDialog } from './ResolveDialog';
import { TextStepDialog } from './TextStepDialog';
import { Timeline } from './Timeline';

const MODULE = 'complaint';
type Open = 'assign' | 'note' | 'resolve' | 'reopen' | null;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children === null || children === '' ? '-' : children}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function ComplaintDetailPage() {
  const { t } = useTranslation('complaints');
  const { id = '' } = useParams();
  const { can } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const isEditing = params.get('edit') === '1';
  const now = useNow();
  const [open, setOpen] = useState<Open>(null);
  const complaint = useQuery({ queryKey: complaintKeys.one(id), queryFn: () => getComplaint(id) });

  const applied = (updated: ComplaintDetail, message: string) => {
    queryClient.setQueryData(complaintKeys.one(id), updated);
    void queryClient.invalidateQueries({ queryKey: complaintKeys.all, refetchType: 'none' });
    enqueueSnackbar(message, {
      variant: updated.evidence?.anyVehiclePassed === false ? 'warning' : 'success',
    });
  };

  if (complaint.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('detail.loading')} />
      </Box>
    );
  if (complaint.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void complaint.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      >
        {complaint.error instanceof ApiError && complaint.error.status === 404
          ? t('form.notFound')
          : t('detail.loadFailed')}
      </Alert>
    );

  const c = complaint.data;
  const may = (step: 'edit' | 'assign' | 'note' | 'resolve' | 'reopen', action: string) =>
    can(MODULE, action) && canTakeComplaintStep(c.status, step);
  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {may('edit', 'edit-complaint-result-table') && !isEditing && (
        <Button variant="outlined" onClick={() => setParams({ edit: '1' }, { replace: true })}>
          {t('actions.edit')}
        </Button>
      )}
      {may('assign', 'assign-complaint') && (
        <Button variant="outlined" onClick={() => setOpen('assign')}>
          {t('actions.assign')}
        </Button>
      )}
      {may('note', 'edit-complaint-result-table') && (
        <Button variant="outlined" onClick={() => setOpen('note')}>
          {t('actions.note')}
        </Button>
      )}
      {may('resolve', 'resolve-complaint') && (
        <Button variant="contained" color="success" onClick={() => setOpen('resolve')}>
          {t('actions.resolve')}
        </Button>
      )}
      {may('reopen', 'reopen-complaint') && (
        <Button variant="contained" color="warning" onClick={() => setOpen('reopen')}>
          {t('actions.reopen')}
        </Button>
      )}
    </Stack>
  );

  return (
    <Box>
      <PageHeader
        title={t('detail.title', { id: c.id })}
        subtitle={t(`categories.${c.category}`)}
        actions={actions}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <ComplaintStatusChip status={c.status} />
        <SlaCountdown complaint={c} now={now} />
        <Typography variant="body2" color="text.secondary">
          {t('detail.due', { at: formatDateTime(c.dueAt), hours: c.slaHours })}
        </Typography>
      </Stack>

      {c.status === 'resolved' && c.evidence?.anyVehiclePassed === false && (
        <Alert severity="warning" variant="filled" sx={{ mb: 2 }} data-testid="closure-warning">
          <AlertTitle>{t('evidence.noneTitle')}</AlertTitle>
          {t('detail.closedWithoutVehicle')}
        </Alert>
      )}

      {isEditing ? (
        <Section title={t('form.editTitle')}>
          <ComplaintForm
            complaint={c}
            cancelTo={complaintPaths.detail(c.id)}
            onSaved={(updated) => {
              queryClient.setQueryData(complaintKeys.one(id), updated);
              setParams({}, { replace: true });
            }}
          />
        </Section>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <Section title={t('detail.details')}>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, m: 0 }}>
                  <Field label={t('fields.category')}>{t(`categories.${c.category}`)}</Field>
                  <Field label={t('fields.ward')}>{c.ward?.name ?? t('detail.noWard')}</Field>
                  <Box sx={{ gridColumn: '1 / -1' }}>
                    <Field label={t('fields.description')}>{c.description}</Field>
                  </Box>
                  <Field label={t('fields.address')}>{c.address}</Field>
                  <Field label={t('fields.location')}>{`${c.lat.toFixed(6)}, ${c.lon.toFixed(6)}`}</Field>
                  <Field label={t('fields.citizenName')}>{c.citizenName}</Field>
                  <Field label={t('fields.citizenPhone')}>{c.citizenPhone}</Field>
                  <Field label={t('fields.assignedStaff')}>
                    {c.assignedStaff
                      ? `${c.assignedStaff.name} (${formatDateTime(c.assignedAt)})`
                      : t('detail.unassigned')}
                  </Field>
                  <Field label={t('fields.createdAt')}>
                    {`${formatDateTime(c.createdAt)}${c.createdBy ? ` · ${c.createdBy.name}` : ''}`}
                  </Field>
                  <Field label={t('fields.reopenCount')}>{String(c.reopenCount)}</Field>
                  <Field label={t('fields.organisation')}>{c.organisation.name}</Field>
                </Box>
              </Section>
              <Section title={t('fields.photos')}>
                <Photos urls={c.photos} label={t('fields.photos')} />
              </Section>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title={t('fields.location')}>
              <EvidenceMap
                lat={c.lat}
                lon={c.lon}
                radiusM={c.evidence?.radiusM ?? 100}
                evidence={c.evidence}
              />
            </Section>
          </Grid>
          {c.status === 'resolved' && (
            <Grid size={12}>
              <Section title={t('detail.resolution')}>
                <Stack spacing={2}>
                  <Box
                    component="dl"
                    sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, m: 0 }}
                  >
                    <Field label={t('fields.resolvedAt')}>
                      {`${formatDateTime(c.resolvedAt)}${c.resolvedBy ? ` · ${c.resolvedBy.name}` : ''}`}
                    </Field>
                    <Field label={t('fields.resolutionNote')}>{c.resolutionNote}</Field>
                  </Box>
                  <Photos urls={c.resolutionPhotos} label={t('fields.resolutionPhotos')} />
                  <Typography variant="subtitle1" component="h3">
                    {t('evidence.title')}
                  </Typography>
                  {c.evidence ? (
                    <EvidenceView evidence={c.evidence} mapHeight={260} />
                  ) : (
                    <Typography>-</Typography>
                  )}
                </Stack>
              </Section>
            </Grid>
          )}
          <Grid size={12}>
            <Section title={t('detail.timeline')}>
              <Timeline entries={c.timeline} />
            </Section>
          </Grid>
        </Grid>
      )}

      {open === 'assign' && (
        <AssignDialog
          complaint={c}
          onDone={(u) => applied(u, t('assign.done'))}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'resolve' && <ResolveDialog complaint={c} onDone={applied} onClose={() => setOpen(null)} />}
      {open === 'note' && (
        <TextStepDialog
          title={t('note.title')}
          label={t('note.note')}
          submitLabel={t('note.submit')}
          requiredText={t('messages.noteRequired')}
          onSubmit={async (text) => applied(await addComplaintNote(c.id, text), t('note.done'))}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'reopen' && (
        <TextStepDialog
          title={t('reopen.title')}
          label={t('reopen.reason')}
          submitLabel={t('reopen.submit')}
          requiredText={t('messages.reasonRequired')}
          onSubmit={async (text) => applied(await reopenComplaint(c.id, text), t('reopen.done'))}
          onClose={() => setOpen(null)}
        />
      )}
    </Box>
  );
}
