import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CertificateSection } from '@civicfleet/shared';

/** One details table of the certificate: 4 cells a row (label, value, label, value), as on the PDF. */
export function CertificateDetailsTable({ section }: { section: CertificateSection }) {
  const rows: CertificateSection['pairs'][] = [];
  for (let i = 0; i < section.pairs.length; i += 2) rows.push(section.pairs.slice(i, i + 2));
  const label = {
    width: '20%',
    fontWeight: 600,
    bgcolor: 'action.hover',
    whiteSpace: { sm: 'nowrap' },
  } as const;
  return (
    <>
      <Typography component="h3" className="certificate-section" sx={sectionTitleSx}>
        {section.title}
      </Typography>
      <Table
        size="small"
        sx={{ border: 1, borderColor: 'divider', '& td, & th': { border: 1, borderColor: 'divider' } }}
      >
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row[0]?.[0]}>
              {row.map(([name, value], i) => (
                <Cell
                  key={name}
                  name={name}
                  value={value}
                  span={row.length === 1 && i === 0}
                  labelSx={label}
                />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function Cell({
  name,
  value,
  span,
  labelSx,
}: {
  name: string;
  value: string;
  span: boolean;
  labelSx: object;
}) {
  return (
    <>
      <TableCell component="th" scope="row" sx={labelSx}>
        {name}
      </TableCell>
      <TableCell colSpan={span ? 3 : 1} sx={{ width: span ? undefined : '30%', wordBreak: 'break-word' }}>
        {value}
      </TableCell>
    </>
  );
}

export const sectionTitleSx = {
  mt: 2,
  mb: 0.75,
  fontWeight: 700,
  fontSize: '1rem',
  color: 'primary.main',
} as const;
