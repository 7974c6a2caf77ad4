import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { SEARCH_TYPES } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { type SearchType, useSearch } from './api/search';
import { SearchResults } from './SearchResults';

interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
}

const ALL = 'all';

/**
 * Global search (spec 01 §2.9, §4): idle hint → spinner → results grouped into Vehicles, Devices and Users, each with
 * its own empty message. Submits on Enter with no minimum length; a failure shows an error toast.
 */
export function SearchDialog({ open, onClose }: SearchDialogProps) {
  const { t } = useTranslation('search');
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [type, setType] = useState<SearchType | typeof ALL>(ALL);
  const search = useSearch((error) => {
    const message = error instanceof ApiError && error.hasServerMessage ? error.message : t('failed');
    enqueueSnackbar(message, { variant: 'error' });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.mutate({ query: text.trim(), ...(type === ALL ? {} : { type }) });
  };
  const reset = () => {
    setText('');
    setType(ALL);
    search.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isSmall}
      aria-labelledby={titleId}
      // Focus moves to the query field once the dialog is open (WAI-ARIA dialog pattern).
      slotProps={{ transition: { onEntered: () => inputRef.current?.focus(), onExited: reset } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Box>
        <IconButton onClick={onClose} aria-label={t('close')}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        <Box
          component="form"
          role="search"
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}
        >
          <TextField
            inputRef={inputRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            label={t('inputLabel')}
            placeholder={t('placeholder')}
            helperText={t('inputHelp')}
            sx={{ flex: '1 1 320px' }}
            slotProps={{
              htmlInput: { maxLength: 200, enterKeyHint: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
                // A submit button also keeps Enter submitting: without one, the Select's hidden input would
                // block the browser's implicit submission of a form with two fields.
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton type="submit" edge="end" aria-label={t('submit')} disabled={search.isPending}>
                      <ArrowForwardIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <FormControl sx={{ flex: '0 0 180px' }}>
            <InputLabel id={`${titleId}-type`}>{t('type')}</InputLabel>
            <Select
              labelId={`${titleId}-type`}
              label={t('type')}
              value={type}
              onChange={(event) => setType(event.target.value)}
            >
              <MenuItem value={ALL}>{t('types.all')}</MenuItem>
              {SEARCH_TYPES.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`types.${kind}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
        <Box sx={{ mt: 2 }} aria-live="polite">
          {search.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('searching')} />
            </Box>
          ) : search.isSuccess ? (
            <SearchResults
              result={search.data}
              kinds={search.variables.type ? [search.variables.type] : SEARCH_TYPES}
              onNavigate={onClose}
            />
          ) : (
            <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
              {t('idle')}
            </Typography>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
