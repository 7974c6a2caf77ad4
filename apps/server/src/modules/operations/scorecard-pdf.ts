/**
 * The printable ward and contractor scorecard: A4 landscape, made with pdfmake the way the certificate is
 * (modules/certificate/certificate-pdf.ts): brand header, period, one table per ward and per contractor with the
 * totals row, footnotes with the definitions (docs/swm.md "Ward and contractor scorecard").
 */
import type { Brand, Scorecard, ScorecardRow } from '@civicfleet/shared';
import { loadNodePdfFonts } from '@civicfleet/exporters/pdf-fonts-node';
import { renderPdfDocument, splitScripts, type PdfFonts } from '@civicfleet/exporters';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

const MARGINS: [number, number, number, number] = [30, 30, 30, 40];
const CONTENT_WIDTH_PT = 841.89 - MARGINS[0] - MARGINS[2];
const BORDER = '#9aa5b1';
const HEAD_FILL = '#eef2f6';

const IST_OFFSET_MS = 330 * 60_000;
/** dd/MM/yyyy of a yyyy-MM-dd day. */
export const formatDay = (day: string) => day.split('-').reverse().join('/');
/** dd/MM/yyyy HH:mm in Asia/Kolkata. */
export function formatIst(iso: string): string {
  const d = new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString();
  return `${formatDay(d.slice(0, 10))} ${d.slice(11, 16)}`;
}

const dash = '–';
const num = (v: number | null, digits = 0) => (v === null ? dash : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? dash : `${v.toFixed(1)} %`);

export const SCORECARD_FOOTNOTES = [
  'Coverage: route checkpoints met ÷ checkpoints scheduled, over the job runs of the period (a checkpoint is met when a valid GPS fix is within max(60 m, route corridor) of it inside the job window).',
  'Trips: disposal trips seen by GPS (visits to a dump yard or transfer station lasting at least the fence dwell time) against the trips the job schedules expect.',
  'SLA: mean job-run score over the last 61 job runs (samples) ended by the last day of the period; a run scores checkpoints met ÷ total, 0 if it never started.',
  'Complaints: raised in the period (by ward; a contractor is charged with the wards its vehicles are assigned to); resolution time = resolved − raised; overdue = not resolved and past the SLA due time.',
  'Tampering: tamper, box opened, wire cut and main power cut alerts of the vehicles in the period.',
  'Vehicles are grouped by their current ward and contractor organisation.',
] as const;

const HEADERS = [
  'Vehicles',
  'Job runs',
  'Coverage',
  'Trips GPS / expected',
  'SLA (samples)',
  'Complaints raised',
  'Resolved',
  'Median h',
  'Mean h',
  'Overdue',
  'Tampering',
];

export interface ScorecardPdfInput {
  scorecard: Scorecard;
  brand: Brand;
  organisationName: string;
}

type Text = string | Array<{ text: string; font?: string }>;

function cells(row: ScorecardRow, label: (s: string) => Text, bold = false): TableCell[] {
  const right = (text: string): TableCell => ({ text, alignment: 'right', bold });
  return [
    { text: label(row.label), bold },
    right(String(row.vehicles)),
    right(String(row.jobRuns)),
    right(pct(row.coveragePct)),
    right(`${row.gpsTrips} / ${row.expectedTrips}`),
    right(
      row.slaCompliance === null ? dash : `${(row.slaCompliance * 100).toFixed(1)} % (${row.slaSamples})`,
    ),
    right(String(row.complaintsRaised)),
    right(String(row.complaintsResolved)),
    right(num(row.resolutionMedianH, 1)),
    right(num(row.resolutionMeanH, 1)),
    right(String(row.complaintsOverdue)),
    right(String(row.tamperingEvents)),
  ];
}

export function buildScorecardDocument(input: ScorecardPdfInput, fonts: PdfFonts): TDocumentDefinitions {
  const { scorecard, brand } = input;
  /** Devanagari runs (ward names typed in Hindi) in the Devanagari font. */
  const label = (value: string): Text => {
    const family = fonts.devanagariFamily;
    const runs = splitScripts(value);
    if (family === undefined || runs.every((r) => !r.isDevanagari)) return value;
    return runs.map((r) => (r.isDevanagari ? { text: r.text, font: family } : { text: r.text }));
  };
  /**
   * The section title is the table's first header row (no borders, repeated on every page of the table), so it can
   * never be left alone at the bottom of a page; keepWithHeaderRows keeps the headers with a first data row.
   */
  const table = (title: string, first: string, rows: ScorecardRow[]): Content[] => {
    const titleRow: TableCell[] = [
      { text: title, style: 'section', colSpan: HEADERS.length + 1, border: [false, false, false, true] },
      ...HEADERS.map((): TableCell => ({})),
    ];
    const headRow: TableCell[] = [first, ...HEADERS].map((h, i) => ({
      text: h,
      style: 'head',
      alignment: i === 0 ? ('left' as const) : ('right' as const),
    }));
    const body = rows.length
      ? [...rows.map((r) => cells(r, label)), cells(scorecard.totals, label, true)]
      : [
          [
            { text: 'No data for the period.', style: 'muted', colSpan: HEADERS.length + 1 },
            ...HEADERS.map((): TableCell => ({})),
          ],
        ];
    return [
      {
        table: {
          headerRows: 2,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: ['*', 40, 40, 48, 56, 62, 52, 44, 42, 40, 42, 50],
          body: [titleRow, headRow, ...body],
        },
        layout: {
          hLineColor: () => BORDER,
          vLineColor: () => BORDER,
          // No line above the title row.
          hLineWidth: (i: number) => (i === 0 ? 0 : 1),
          fillColor: (row: number) => (row === 1 ? HEAD_FILL : null),
          paddingTop: () => 3,
          paddingBottom: () => 3,
        },
        margin: [0, 6, 0, 0],
      },
    ];
  };
  const primary = brand.colors.primary;
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: MARGINS,
    info: { title: `Ward and contractor scorecard ${scorecard.from} – ${scorecard.to}`, creator: brand.name },
    defaultStyle: { font: 'Roboto', fontSize: 8.5, lineHeight: 1.1 },
    styles: {
      brand: { fontSize: 15, bold: true, color: primary },
      small: { fontSize: 8, color: '#444444' },
      title: { fontSize: 14, bold: true, margin: [0, 6, 0, 2] },
      meta: { fontSize: 9, color: '#444444', margin: [0, 0, 0, 6] },
      section: { fontSize: 11, bold: true, color: primary, margin: [0, 4, 0, 2] },
      head: { bold: true, fontSize: 8, color: '#222222' },
      muted: { color: '#777777', italics: true },
      note: { fontSize: 7.5, color: '#444444' },
    },
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: brand.name, style: 'brand' },
              { text: brand.address, style: 'small' },
            ],
          },
          { width: 'auto', text: label(input.organisationName), style: 'small', alignment: 'right' },
        ],
      },
      {
        canvas: [
          { type: 'line', x1: 0, y1: 4, x2: CONTENT_WIDTH_PT, y2: 4, lineWidth: 1.5, lineColor: primary },
        ],
        margin: [0, 0, 0, 4],
      },
      { text: 'Ward and contractor scorecard', style: 'title' },
      {
        text: `Period ${formatDay(scorecard.from)} – ${formatDay(scorecard.to)}   ·   Generated ${formatIst(scorecard.generatedAt)} IST`,
        style: 'meta',
      },
      ...(scorecard.wards.length || scorecard.contractors.length === 0
        ? table('By ward', 'Ward', scorecard.wards)
        : []),
      ...(scorecard.contractors.length ? table('By contractor', 'Contractor', scorecard.contractors) : []),
      { text: 'Definitions', style: 'section', margin: [0, 12, 0, 4] },
      { ol: SCORECARD_FOOTNOTES.map((n) => ({ text: n, margin: [0, 0, 0, 2] })), style: 'note' },
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        {
          text: `${brand.name} · Scorecard ${formatDay(scorecard.from)} – ${formatDay(scorecard.to)}`,
          fontSize: 7.5,
          color: '#666666',
        },
        { text: `Page ${page} of ${pages}`, fontSize: 7.5, color: '#666666', alignment: 'right' },
      ],
      margin: [MARGINS[0], 14, MARGINS[2], 0],
    }),
  };
}

export async function renderScorecardPdf(input: ScorecardPdfInput): Promise<Buffer> {
  const bytes = await renderPdfDocument((fonts) => buildScorecardDocument(input, fonts), loadNodePdfFonts);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
