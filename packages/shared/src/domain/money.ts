/**
 * Money is integer paise on the wire and in the database (spec 02 §4: display divides by 100). One formatting for
 * the server's messages and the console, so a balance reads the same in an error and on the screen.
 */

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `150000` → `₹1,500.00`; `1234567890` → `₹1,23,45,678.90` (Indian digit grouping). Sign only for negatives. */
export function formatRupees(amountPaise: number): string {
  return RUPEES.format(amountPaise / 100);
}

/** `150000` → `1500.00`: the plain number of a CSV (no symbol, no grouping, always 2 decimals; exact). */
export function paiseToRupeeText(amountPaise: number): string {
  const sign = amountPaise < 0 ? '-' : '';
  const paise = Math.abs(amountPaise);
  return `${sign}${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
