import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CERTIFICATE_LABELS } from '@civicfleet/shared';
import { serverUrl } from './api/certificate';
import { sectionTitleSx } from './CertificateDetailsTable';

/** Images of one kind in rows of 3 (spec 02 §2), each with its label, served by the public image route. */
export function CertificateImageGrid({
  title,
  label,
  urls,
}: {
  title: string;
  label: string;
  urls: string[];
}) {
  return (
    <>
      <Typography component="h3" sx={sectionTitleSx}>
        {title}
      </Typography>
      {urls.length === 0 ? (
        <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {CERTIFICATE_LABELS.sections.noImages}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(3, 1fr)',
            border: 1,
            borderColor: 'divider',
            '& > figure': { borderRight: 1, borderBottom: 1, borderColor: 'divider' },
          }}
        >
          {urls.map((url, i) => (
            <Box component="figure" key={url} sx={{ m: 0, p: 1, textAlign: 'center' }}>
              <Box
                component="img"
                src={serverUrl(url)}
                alt={`${label} ${i + 1}`}
                loading="lazy"
                sx={{ width: '100%', height: { xs: 90, sm: 160 }, objectFit: 'contain' }}
              />
              <Typography component="figcaption" variant="caption" color="text.secondary">
                {label} {i + 1}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}
