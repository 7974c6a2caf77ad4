/**
 * The certificate as an HTML document mirroring the server's PDF page for page (fitment, images, Customer's and
 * Department's warranty copies, exclusions). Texts and labels come from the shared contract (CERTIFICATE_TEXT,
 * certificateSections), so the page and the PDF say the same; the body stays in English as a legal document.
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  CERTIFICATE_LABELS,
  CERTIFICATE_TEXT,
  certificateSections,
  certificateVendorLines,
  certificateWarrantySection,
  type CertificateData,
} from '@civicfleet/shared';
import { serverUrl } from './api/certificate';
import { CertificateDetailsTable, sectionTitleSx } from './CertificateDetailsTable';
import { CertificateImageGrid } from './CertificateImageGrid';
import { QrCode } from '@/components/QrCode';

const T = CERTIFICATE_TEXT;

function Letterhead({ data, qrLabel, withQr }: { data: CertificateData; qrLabel: string; withQr: boolean }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {data.vendor.logoUrl && (
          <Box
            component="img"
            src={serverUrl(data.vendor.logoUrl)}
            alt={data.vendor.brandName}
            sx={{ width: 64, height: 64, objectFit: 'contain' }}
          />
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>{data.vendor.brandName}</Typography>
          {certificateVendorLines(data).map((line) => (
            <Typography key={line} variant="caption" component="p" color="text.secondary">
              {line}
            </Typography>
          ))}
        </Box>
        {withQr && (
          <Box sx={{ textAlign: 'center' }}>
            <QrCode value={data.publicUrl} size={96} label={qrLabel} />
            <Typography variant="caption" color="text.secondary">
              {T.scanToVerify}
            </Typography>
          </Box>
        )}
      </Box>
      <Divider sx={{ my: 1.5 }} />
    </>
  );
}

function Page({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper
      component="section"
      aria-label={label}
      variant="outlined"
      className="certificate-page"
      sx={{ p: { xs: 2, sm: 4 }, mb: 3, overflowX: 'auto' }}
    >
      {children}
    </Paper>
  );
}

function Title({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', mb: 1 }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: { xs: '1.3rem', sm: '1.6rem' } }}>
        {children}
      </Typography>
      {sub && (
        <Typography variant="body2" color="text.secondary">
          {sub}
        </Typography>
      )}
    </Box>
  );
}

const Para = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ textAlign: 'justify', mb: 0.75 }}>
    {children}
  </Typography>
);

function WarrantyPage({ data, copy, qrLabel }: { data: CertificateData; copy: string; qrLabel: string }) {
  const { months, jurisdiction, standard } = data.warranty;
  return (
    <Page label={`${T.warrantyTitle}: ${copy}`}>
      <Letterhead data={data} qrLabel={qrLabel} withQr={false} />
      <Title
        sub={
          <Box component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {copy}
          </Box>
        }
      >
        {T.warrantyTitle}
      </Title>
      <Para>{T.warrantyIntro(months, standard)}</Para>
      <CertificateDetailsTable section={certificateWarrantySection(data)} />
      {T.warrantyTerms(months, jurisdiction, standard).map((term) => (
        <Box key={term.heading}>
          <Typography component="h3" sx={{ fontWeight: 700, mt: 1.5, mb: 0.5 }}>
            {term.heading}
          </Typography>
          {term.paragraphs.map((p) => (
            <Para key={p}>{p}</Para>
          ))}
        </Box>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 5, gap: 2 }}>
        {[T.signatures.customer, T.signatures.vendor].map((who) => (
          <Box key={who} sx={{ borderTop: 1, borderColor: 'text.secondary', pt: 0.5, minWidth: 180 }}>
            <Typography variant="caption" color="text.secondary">
              {who}
            </Typography>
          </Box>
        ))}
      </Box>
    </Page>
  );
}

export function CertificateDocument({ data, qrLabel }: { data: CertificateData; qrLabel: string }) {
  return (
    <Box lang="en" className="certificate-document">
      <Page label={T.title}>
        <Letterhead data={data} qrLabel={qrLabel} withQr />
        <Title sub={`${CERTIFICATE_LABELS.certificateNo} ${data.certificateNo}`}>{T.title}</Title>
        {certificateSections(data).map((section) => (
          <CertificateDetailsTable key={section.title} section={section} />
        ))}
        <Typography component="h3" sx={sectionTitleSx}>
          {CERTIFICATE_LABELS.sections.disclaimer}
        </Typography>
        <Para>{T.disclaimer}</Para>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {data.publicUrl}
        </Typography>
      </Page>
      <Page label={T.imagesTitle}>
        <Letterhead data={data} qrLabel={qrLabel} withQr={false} />
        <Title>{T.imagesTitle}</Title>
        <CertificateImageGrid title={CERTIFICATE_LABELS.sections.rcImages} label="RC" urls={data.images.rc} />
        <CertificateImageGrid
          title={CERTIFICATE_LABELS.sections.deviceImages}
          label="Device"
          urls={data.images.device}
        />
      </Page>
      <WarrantyPage data={data} copy={T.customerCopy} qrLabel={qrLabel} />
      <WarrantyPage data={data} copy={T.departmentCopy} qrLabel={qrLabel} />
      <Page label={T.exclusionsTitle}>
        <Letterhead data={data} qrLabel={qrLabel} withQr={false} />
        <Title sub={`${T.warrantyTitle} ${data.certificateNo}`}>{T.exclusionsTitle}</Title>
        <Para>{T.exclusionsIntro}</Para>
        <Box component="ol" sx={{ pl: 3, my: 1 }}>
          {T.exclusions.map((item) => (
            <Typography component="li" variant="body2" key={item} sx={{ mb: 0.5 }}>
              {item}
            </Typography>
          ))}
        </Box>
        <Para>{T.exclusionsClosing(data.warranty.jurisdiction)}</Para>
      </Page>
    </Box>
  );
}
