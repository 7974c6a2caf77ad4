/** The otpauth URI as a QR code for authenticator apps (qrcode package, rendered to a data URL in the browser). */
import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const SIZE_PX = 200;

export function SecretQr({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(uri, { margin: 1, width: SIZE_PX * 2, errorCorrectionLevel: 'M' }).then(
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
  }, [uri]);
  // White quiet zone in dark mode too: phone cameras need dark modules on a light background.
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{ width: SIZE_PX, height: SIZE_PX, bgcolor: '#fff', p: 1, borderRadius: 1, flexShrink: 0 }}
    >
      {src && (
        <img src={src} alt="" width={SIZE_PX - 16} height={SIZE_PX - 16} style={{ display: 'block' }} />
      )}
    </Box>
  );
}
