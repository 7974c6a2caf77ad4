/**
 * The buttons other screens place: "Share" (opens ShareDialog, shown only with the kind's share permission:
 * live-tracking:share-live-tracking or route-playback:share-playback) and "Shares" (the management list, shown with
 * either permission).
 */
import LinkIcon from '@mui/icons-material/Link';
import ShareIcon from '@mui/icons-material/Share';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/session';
import { ShareDialog, type ShareDialogProps } from './ShareDialog';
import { SharesDialog } from './SharesDialog';

export function useCanShare(kind: 'live' | 'playback'): boolean {
  const { can } = useSession();
  return kind === 'live'
    ? can('live-tracking', 'share-live-tracking')
    : can('route-playback', 'share-playback');
}

type ShareButtonProps = Omit<ShareDialogProps, 'open' | 'onClose'> & { buttonProps?: ButtonProps };

export function ShareButton({ buttonProps, ...dialog }: ShareButtonProps) {
  const { t } = useTranslation('share');
  const [open, setOpen] = useState(false);
  if (!useCanShare(dialog.kind)) return null;
  return (
    <>
      <Button startIcon={<ShareIcon />} onClick={() => setOpen(true)} {...buttonProps}>
        {t('button.share')}
      </Button>
      <ShareDialog {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function SharesButton({ buttonProps }: { buttonProps?: ButtonProps }) {
  const { t } = useTranslation('share');
  const [open, setOpen] = useState(false);
  const canLive = useCanShare('live');
  const canPlayback = useCanShare('playback');
  if (!canLive && !canPlayback) return null;
  return (
    <>
      <Button startIcon={<LinkIcon />} onClick={() => setOpen(true)} {...buttonProps}>
        {t('button.shares')}
      </Button>
      <SharesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
