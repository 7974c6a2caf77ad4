import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Print: only the certificate pages, black on white whatever the theme, one page each (A4). The app bar, footer,
 * buttons and banner ([data-print-hide]) are hidden.
 */
export function CertificatePrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { size: 'A4', margin: '10mm' },
          'body, #root': { background: '#fff !important' },
          '.MuiAppBar-root, footer, [data-print-hide]': { display: 'none !important' },
          'main.MuiContainer-root': { maxWidth: 'none !important', padding: '0 !important' },
          '.certificate-page': {
            breakAfter: 'page',
            border: 'none !important',
            boxShadow: 'none !important',
            margin: '0 !important',
            padding: '0 !important',
            background: '#fff !important',
            printColorAdjust: 'exact',
            WebkitPrintColorAdjust: 'exact',
          },
          '.certificate-page:last-of-type': { breakAfter: 'auto' },
          '.certificate-page, .certificate-page *': {
            color: '#000 !important',
            borderColor: '#999 !important',
          },
          '.certificate-page th': { background: '#eef2f6 !important' },
        },
      }}
    />
  );
}
