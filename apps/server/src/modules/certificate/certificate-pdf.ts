/**
 * The printable certificate (spec 02 §2 "Printable document layout"), A4 portrait, made with pdfmake:
 *   1. fitment page: vendor header (logo), title, QR code of the public page, details tables (4 cells a row:
 *      label / value / label / value), disclaimer;
 *   2. images: RC, device (and, signed-in variant only, KYC) in rows of 3;
 *   3. Warranty Certificate, Customer's copy;  4. the same, Department's copy;  5. warranty exclusions.
 * Fonts come from @civicfleet/exporters (pdfmake's Roboto + Noto Sans Devanagari, so Hindi names print).
 */
import {
  CERTIFICATE_LABELS,
  CERTIFICATE_TEXT,
  certificateSections,
  certificateVendorLines,
  certificateWarrantySection,
  formatCertificateInstant,
  type CertificateData,
  type CertificateSection,
} from '@civicfleet/shared';
import { loadNodePdfFonts } from '@civicfleet/exporters/pdf-fonts-node';
import { renderPdfDocument, splitScripts, type PdfFonts } from '@civicfleet/exporters';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { CertificateImage, CertificateImages } from './certificate.service.ts';

const MARGINS: [number, number, number, number] = [36, 36, 36, 44];
/** A4 width minus margins. */
const CONTENT_WIDTH_PT = 595.28 - MARGINS[0] - MARGINS[2];
const IMAGE_BOX_PT = 150;
const BORDER = '#9aa5b1';
const LABEL_FILL = '#eef2f6';

type Text = string | Array<{ text: string; font?: string }>;

export interface CertificatePdfInput {
  data: CertificateData;
  images: CertificateImages;
  /** Signed-in variant: the owner's address and KYC images are shown. */
  full: boolean;
  generatedAt: Date;
}

/** Builds the document; `fonts` tells which family sets Devanagari runs (names typed in Hindi). */
export function buildCertificateDocument(input: CertificatePdfInput, fonts: PdfFonts): TDocumentDefinitions {
  const { data, images } = input;
  const t = CERTIFICATE_TEXT;
  const text = (value: string | null | undefined): Text => {
    const v = value === null || value === undefined || value === '' ? '-' : value;
    const family = fonts.devanagariFamily;
    if (family === undefined) return v;
    const runs = splitScripts(v);
    if (runs.every((run) => !run.isDevanagari)) return v;
    return runs.map((run) => (run.isDevanagari ? { text: run.text, font: family } : { text: run.text }));
  };

  /** label / value / label / value rows; a row with one pair spans the value over the last three cells. */
  const details = ({ title, pairs }: CertificateSection): Content[] => {
    const body: TableCell[][] = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const [l1, v1] = pairs[i] ?? ['', ''];
      const second = pairs[i + 1];
      if (second) {
        body.push([
          { text: l1, style: 'label' },
          { text: text(v1) },
          { text: second[0], style: 'label' },
          { text: text(second[1]) },
        ]);
      } else {
        body.push([{ text: l1, style: 'label' }, { text: text(v1), colSpan: 3 }, {}, {}]);
      }
    }
    return [
      { text: title, style: 'section' },
      {
        table: { widths: [82, '*', 82, '*'], body, dontBreakRows: true },
        layout: {
          hLineColor: () => BORDER,
          vLineColor: () => BORDER,
          fillColor: (_row: number, _node: unknown, col: number) => (col % 2 === 0 ? LABEL_FILL : null),
          paddingTop: () => 3,
          paddingBottom: () => 3,
        },
      },
    ];
  };

  const vendorLines = certificateVendorLines(data);

  const dataUrl = (image: CertificateImage) =>
    `data:${image.contentType};base64,${image.bytes.toString('base64')}`;

  /** The vendor's letterhead; every page after the first starts with it (page break before). */
  const header = (withQr: boolean, breakBefore = false): Content => ({
    ...(breakBefore ? { pageBreak: 'before' as const } : {}),
    columns: [
      ...(images.logo ? [{ image: dataUrl(images.logo), fit: [56, 56] as [number, number], width: 64 }] : []),
      {
        width: '*',
        stack: [
          { text: text(data.vendor.brandName), style: 'vendor' },
          ...vendorLines.map((line) => ({ text: text(line), style: 'small' })),
        ],
      },
      ...(withQr
        ? [
            {
              width: 92,
              stack: [
                { qr: data.publicUrl, fit: 84, alignment: 'right' as const },
                { text: t.scanToVerify, style: 'small', alignment: 'right' as const },
              ],
            },
          ]
        : []),
    ],
    columnGap: 10,
    margin: [0, 0, 0, 8],
  });

  /** A fresh node each time: pdfmake writes layout state into nodes, so one node must not appear twice. */
  const rule = (): Content => ({
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH_PT, y2: 0, lineWidth: 1, lineColor: BORDER }],
    margin: [0, 0, 0, 8],
  });

  const fitmentPage: Content[] = [
    header(true),
    rule(),
    { text: t.title, style: 'title' },
    {
      text: `Certificate No. ${data.certificateNo}   ·   Generated ${formatCertificateInstant(input.generatedAt.toISOString())} IST`,
      style: 'meta',
    },
    ...certificateSections(data, { full: input.full }).flatMap(details),
    { text: CERTIFICATE_LABELS.sections.disclaimer, style: 'section' },
    { text: t.disclaimer, style: 'body' },
    { text: `Verify: ${data.publicUrl}`, style: 'small', margin: [0, 6, 0, 0], link: data.publicUrl },
  ];

  const grid = (title: string, list: CertificateImage[]): Content[] => {
    const rows: TableCell[][] = [];
    for (let i = 0; i < list.length; i += 3) {
      rows.push(
        [0, 1, 2].map((j): TableCell => {
          const image = list[i + j];
          if (!image) return { text: '' };
          return {
            stack: [
              { image: dataUrl(image), fit: [IMAGE_BOX_PT, IMAGE_BOX_PT], alignment: 'center' },
              { text: image.label, style: 'small', alignment: 'center', margin: [0, 2, 0, 0] },
            ],
          };
        }),
      );
    }
    return [
      { text: title, style: 'section' },
      rows.length > 0
        ? {
            table: { widths: ['*', '*', '*'], body: rows, dontBreakRows: true },
            layout: {
              hLineColor: () => BORDER,
              vLineColor: () => BORDER,
              paddingTop: () => 6,
              paddingBottom: () => 6,
            },
          }
        : { text: CERTIFICATE_LABELS.sections.noImages, style: 'muted' },
    ];
  };

  const imagesPage: Content[] = [
    header(false, true),
    rule(),
    { text: t.imagesTitle, style: 'title' },
    ...grid(CERTIFICATE_LABELS.sections.rcImages, images.rc),
    ...grid(CERTIFICATE_LABELS.sections.deviceImages, images.device),
    ...(input.full ? grid(CERTIFICATE_LABELS.sections.kycImages, images.kyc) : []),
  ];

  const warrantyPage = (copy: string): Content[] => [
    header(false, true),
    rule(),
    { text: t.warrantyTitle, style: 'title' },
    { text: copy, style: 'copy' },
    {
      text: t.warrantyIntro(data.warranty.months, data.warranty.standard),
      style: 'body',
      margin: [0, 0, 0, 4],
    },
    ...details(certificateWarrantySection(data)),
    ...t
      .warrantyTerms(data.warranty.months, data.warranty.jurisdiction, data.warranty.standard)
      .flatMap((term): Content[] => [
        { text: term.heading, style: 'term' },
        ...term.paragraphs.map((p): Content => ({ text: p, style: 'body', margin: [0, 0, 0, 3] })),
      ]),
    {
      columns: [
        { text: `\n\n____________________________\n${t.signatures.customer}`, style: 'small' },
        {
          text: `\n\n____________________________\n${t.signatures.vendor}`,
          style: 'small',
          alignment: 'right',
        },
      ],
      margin: [0, 8, 0, 0],
    },
  ];

  const exclusionsPage: Content[] = [
    header(false, true),
    rule(),
    { text: t.exclusionsTitle, style: 'title' },
    { text: `${t.warrantyTitle} ${data.certificateNo}`, style: 'meta' },
    { text: t.exclusionsIntro, style: 'body', margin: [0, 0, 0, 6] },
    { ol: t.exclusions.map((e) => ({ text: e, margin: [0, 0, 0, 4] })), style: 'body' },
    { text: t.exclusionsClosing(data.warranty.jurisdiction), style: 'body', margin: [0, 10, 0, 0] },
  ];

  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: MARGINS,
    info: {
      title: `${t.title} ${data.vehicle.registrationNumber}`,
      subject: data.certificateNo,
      creator: 'CivicFleet',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, alignment: 'center', margin: [0, 2, 0, 2] },
      copy: { fontSize: 11, bold: true, alignment: 'center', color: '#1f4e79', margin: [0, 0, 0, 8] },
      meta: { fontSize: 8.5, color: '#444444', alignment: 'center', margin: [0, 0, 0, 8] },
      section: { fontSize: 10.5, bold: true, color: '#1f4e79', margin: [0, 8, 0, 3] },
      term: { fontSize: 9.5, bold: true, margin: [0, 6, 0, 2] },
      label: { bold: true, color: '#333333' },
      vendor: { fontSize: 13, bold: true },
      small: { fontSize: 8, color: '#444444' },
      muted: { color: '#777777', italics: true },
      body: { fontSize: 9, alignment: 'justify' },
    },
    content: [
      ...fitmentPage,
      ...imagesPage,
      ...warrantyPage(t.customerCopy),
      ...warrantyPage(t.departmentCopy),
      ...exclusionsPage,
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `${t.title} · ${data.certificateNo}`, fontSize: 7.5, color: '#666666' },
        { text: `Page ${page} of ${pages}`, fontSize: 7.5, color: '#666666', alignment: 'right' },
      ],
      margin: [MARGINS[0], 16, MARGINS[2], 0],
    }),
  };
}

/** Renders the certificate to PDF bytes. Images are embedded as data URLs: pdfmake may not read files or URLs. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const bytes = await renderPdfDocument((fonts) => buildCertificateDocument(input, fonts), loadNodePdfFonts);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
