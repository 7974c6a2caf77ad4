/**
 * A list of 1 to `max` text entries with an add button and a remove control per entry (spec 01 §2.10, §5): the add
 * button hides at `max`; removing the last entry is refused with `onLastRemoved` (the page alerts the spec's text).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { useFieldError } from '@/components/form';
import type { SimActivationFormValues } from './sim-activation-form';

export interface EntryListFieldProps {
  control: Control<SimActivationFormValues>;
  name: 'ips' | 'numbers';
  /** Heading of the list, e.g. "IPs". */
  label: string;
  /** Accessible name of entry n (1-based). */
  entryLabel: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
  max: number;
  onLastRemoved: () => void;
  /** A fixed prefix shown before each entry (+91). */
  prefix?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'text';
  placeholder?: string;
  helperText?: string;
  /** The list's own message (at least one, at most max). */
  error?: string | undefined;
}

export function EntryListField({
  control,
  name,
  label,
  entryLabel,
  addLabel,
  removeLabel,
  max,
  onLastRemoved,
  prefix,
  maxLength,
  inputMode = 'text',
  placeholder,
  helperText,
  error,
}: EntryListFieldProps) {
  const headingId = useId();
  const translate = useFieldError();
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = translate(error);
  return (
    <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography id={headingId} component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack spacing={1}>
        {fields.map((field, index) => (
          <Controller
            key={field.id}
            control={control}
            name={`${name}.${index}.value` as const}
            render={({ field: input, fieldState }) => {
              const message = translate(fieldState.error?.message);
              return (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    name={input.name}
                    inputRef={input.ref}
                    value={input.value}
                    onChange={(e) =>
                      input.onChange(
                        inputMode === 'numeric' ? e.target.value.replace(/\D/g, '') : e.target.value,
                      )
                    }
                    onBlur={input.onBlur}
                    size="small"
                    fullWidth
                    placeholder={placeholder}
                    error={message !== undefined}
                    helperText={message}
                    slotProps={{
                      htmlInput: { maxLength, inputMode, 'aria-label': entryLabel(index + 1) },
                      input: prefix
                        ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> }
                        : {},
                    }}
                  />
                  <IconButton
                    aria-label={removeLabel(index + 1)}
                    onClick={() => (fields.length <= 1 ? onLastRemoved() : remove(index))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              );
            }}
          />
        ))}
      </Stack>
      {(listError ?? helperText) && (
        <FormHelperText error={listError !== undefined}>{listError ?? helperText}</FormHelperText>
      )}
      {fields.length < max && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => append({ value: '' })} sx={{ mt: 1 }}>
          {addLabel}
        </Button>
      )}
    </Box>
  );
}
