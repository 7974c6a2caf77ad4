/**
 * Vehicle categorisation: the four band counts as cards. A card is a button: it filters the table to its band (the
 * `band` filter in the URL, so the run, the export and Back follow); pressing the chosen card again shows all bands.
 */
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VEHICLE_BANDS, type VehicleBand } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ReportViewProps } from '../../types';

/** meta keys of the band counts (the server's `meta`). */
const COUNT_KEY: Record<VehicleBand, string> = {
  active: 'active',
  'under-used': 'underUsed',
  idle: 'idle',
  offline: 'offline',
};
const COLOUR: Record<VehicleBand, 'success' | 'warning' | 'info' | 'error'> = {
  active: 'success',
  'under-used': 'warning',
  idle: 'info',
  offline: 'error',
};

export function BandCards({ run, filter }: ReportViewProps) {
  const { t } = useTranslation('reportsActivity');
  const [params, setParams] = useSearchParams();
  const chosen = typeof filter.band === 'string' ? filter.band : null;
  const choose = (band: VehicleBand) => {
    const next = new URLSearchParams(params);
    if (chosen === band) next.delete('band');
    else next.set('band', band);
    setParams(next);
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      role="group"
      aria-label={t('vehicle-categorization.cards')}
    >
      {VEHICLE_BANDS.map((band) => {
        const count = Number(run.meta?.[COUNT_KEY[band]] ?? 0);
        const isChosen = chosen === band;
        return (
          <Card
            key={band}
            variant="outlined"
            sx={{
              flex: 1,
              borderColor: isChosen ? `${COLOUR[band]}.main` : undefined,
              borderWidth: isChosen ? 2 : 1,
            }}
          >
            <CardActionArea
              onClick={() => choose(band)}
              aria-pressed={isChosen}
              aria-label={t('vehicle-categorization.cardLabel', { band: t(`bands.${band}`), count })}
              sx={{ p: 2 }}
            >
              <Typography variant="overline" color={`${COLOUR[band]}.main`} component="p">
                {t(`bands.${band}`)}
              </Typography>
              <Typography variant="h4" component="p">
                {count.toLocaleString('en-IN')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`bandHints.${band}`)}
              </Typography>
            </CardActionArea>
          </Card>
        );
      })}
    </Stack>
  );
}
