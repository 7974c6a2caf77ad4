import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { brand } from '@/lib/brand';
import { formatDate } from '@/lib/format';

/** Date of the current wording of both documents; change it whenever the text in legal.json changes. */
export const LEGAL_TEXT_UPDATED_AT = '2026-11-21T00:00:00+05:30';

const SectionsSchema = z.array(
  z.object({ heading: z.string(), paragraphs: z.array(z.string()), items: z.array(z.string()).optional() }),
);

/** Terms of use and privacy policy share this layout; the text is the deferred `legal` namespace (en and hi). */
export function LegalDocument({ document: doc }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const values = {
    brand: brand.name,
    company: brand.bank.beneficiary,
    address: brand.address,
    email: brand.supportEmail,
    date: formatDate(LEGAL_TEXT_UPDATED_AT),
  };
  const title = t(`${doc}.title`);
  const parsed = SectionsSchema.safeParse(t(`${doc}.sections`, { ...values, returnObjects: true }));
  const sections = parsed.success ? parsed.data : [];

  useEffect(() => {
    window.document.title = `${title} · ${brand.name}`;
  }, [title]);

  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2.5, sm: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 30, md: 40 } }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t(`${doc}.updated`, values)}
      </Typography>
      <Typography sx={{ mt: 3 }}>{t(`${doc}.intro`, values)}</Typography>
      {sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mt: 4 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
          {section.items && (
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {section.items.map((item) => (
                <Typography component="li" key={item} sx={{ mb: 1 }}>
                  {item}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Paper>
  );
}

export function TermsOfUsePage() {
  return <LegalDocument document="terms" />;
}

export function PrivacyPolicyPage() {
  return <LegalDocument document="privacy" />;
}
