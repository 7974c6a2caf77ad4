/**
 * Play/pause, speed (1× … 64×), the time slider and the readout. Renders from the clock's UI snapshot (≤ 10 times a
 * second while playing), never per animation frame.
 */
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PlaybackPoints } from '@civicfleet/shared';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { PlaybackClock } from './playback-clock';
import { PLAYBACK_SPEEDS, positionAt, type PlaybackSpeed } from './playback-math';

export function PlaybackControls({ clock, points }: { clock: PlaybackClock; points: PlaybackPoints }) {
  const { t } = useTranslation('playback');
  const { ms, speed, isPlaying } = useSyncExternalStore(clock.subscribe, clock.getSnapshot);
  const pos = positionAt(points, ms);
  const time = formatDateTime(ms);
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, mt: 1 }}>
      <Slider
        min={clock.startMs}
        max={clock.endMs}
        step={1000}
        value={ms}
        onChange={(_, value) => {
          if (typeof value === 'number') clock.seek(value);
        }}
        aria-label={t('controls.time')}
        getAriaValueText={(value) => formatDateTime(value)}
        valueLabelDisplay="off"
      />
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton
          color="primary"
          size="large"
          onClick={() => clock.toggle()}
          aria-label={isPlaying ? t('controls.pause') : t('controls.play')}
        >
          {isPlaying ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={speed}
          onChange={(_, value: PlaybackSpeed | null) => value && clock.setSpeed(value)}
          aria-label={t('controls.speed')}
        >
          {PLAYBACK_SPEEDS.map((s) => (
            <ToggleButton key={s} value={s} aria-label={t('controls.speedValue', { speed: s })}>
              {s}×
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack sx={{ ml: 'auto', minWidth: 170 }}>
          <Typography
            variant="body2"
            sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
            data-testid="playback-time"
          >
            {time}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {pos?.speedKph === null || pos === null
              ? t('controls.noSpeed')
              : t('controls.speedNow', { value: Math.round(pos.speedKph) })}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
