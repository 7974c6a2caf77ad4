import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of `value` as an image (qrcode package, rendered to a data URL in the browser): certificates, two-step
 * enrolment. White quiet zone in dark mode too: phone cameras need dark modules on a light background.
 */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(value, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (isCurrent) setSrc(url);
      },
      () => {
        if (isCurrent) setSrc(null);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [value, size]);
  return (
    <Box
      sx={{ width: size, height: size, bgcolor: '#fff', p: 0.5, borderRadius: 0.5, flexShrink: 0 }}
      role="img"
      aria-label={label}
      data-qr-value={value}
    >
      {src && <img src={src} alt="" width={size - 8} height={size - 8} style={{ display: 'block' }} />}
    </Box>
  );
}
