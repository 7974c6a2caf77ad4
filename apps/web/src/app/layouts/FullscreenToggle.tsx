import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullscreen = () => document.fullscreenElement !== null && document.fullscreenElement !== undefined;

/** Switches the whole console in and out of fullscreen (spec 01 §2.9). Hidden where the browser cannot do it. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const isActive = useSyncExternalStore(subscribe, isFullscreen, () => false);
  if (
    typeof document.documentElement.requestFullscreen !== 'function' ||
    document.fullscreenEnabled === false
  ) {
    return null;
  }
  const label = isActive ? t('layout.exitFullscreen') : t('layout.enterFullscreen');
  const toggle = () => {
    // Browsers refuse without a user gesture or inside some iframes; the button then simply does nothing.
    const request = isActive ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    request.catch(() => undefined);
  };
  return (
    <Tooltip title={label}>
      <IconButton onClick={toggle} aria-label={label} aria-pressed={isActive}>
        {isActive ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}
