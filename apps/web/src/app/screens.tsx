/** Loaded with the main-area routes (never in the entry): the permission gate and the named placeholder. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ComingSoon';
import { StatusView } from '@/components/StatusView';
import { useSession } from '@/session';
import { canOpen, type Access } from './access';
import type { ScreenVariant } from './main-routes';

interface ScreenGateProps {
  access: Access;
  children: ReactNode;
}

/** Shows the screen, or the 403 page inside the layout when the user lacks the permission (spec 01 §6). */
export function ScreenGate({ access, children }: ScreenGateProps) {
  const session = useSession();
  const params = useParams();
  const allowed = canOpen(
    access,
    { userId: session.user?.id, roleName: session.user?.role.name, can: session.can },
    params,
  );
  return allowed ? children : <StatusView kind="forbidden" fullPage={false} />;
}

interface ComingSoonScreenProps {
  titleKey: string;
  variant: ScreenVariant;
}

export function ComingSoonScreen({ titleKey, variant }: ComingSoonScreenProps) {
  const { t } = useTranslation();
  const { searchTerm = '' } = useParams();
  const screen = t(titleKey);
  const title = variant === 'list' ? screen : t(`screens.${variant}`, { screen, term: searchTerm });
  return <ComingSoon screen={title} />;
}
