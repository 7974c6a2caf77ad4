/**
 * /management/user/add and /management/user/edit/:id (spec 01 §2.6). The edit screen doubles as everyone's Profile
 * (spec 01 §2.9): a user opening his own id who may not edit users sees his Profile (ProfileCard), where he edits his
 * own names and contact through PUT /users/me.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';
import { ProfileCard } from './ProfileCard';
import { UserForm } from './UserForm';
import { getUser, userKeys } from './api/users';

export function UserFormPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const { can, user: me } = useSession();
  const isEdit = id !== undefined;
  const isProfileOnly = isEdit && id === me?.id && !can('user', 'edit-user-result-table');
  const existing = useQuery({
    queryKey: userKeys.one(id ?? ''),
    queryFn: () => getUser(id ?? ''),
    enabled: isEdit && !isProfileOnly,
  });

  if (isProfileOnly) return <ProfileCard />;

  const title = isEdit ? t('users.editTitle') : t('users.addTitle');
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title={title} subtitle={isEdit ? undefined : t('users.addSubtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {!isEdit && <UserForm />}
          {isEdit && existing.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )}
          {isEdit && existing.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void existing.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {existing.error instanceof ApiError && existing.error.status === 404
                ? t('users.notFound')
                : t('common.loadFailed')}
            </Alert>
          )}
          {existing.data && <UserForm user={existing.data} />}
        </CardContent>
      </Card>
    </Box>
  );
}
