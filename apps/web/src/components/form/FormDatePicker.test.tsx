import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dayjs } from '@/lib/format';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { FormDatePicker } from './FormDatePicker';
import { formatIsoDate, todayIsoDate } from './date-value';
import { FormHarness } from './test-harness';

interface Values {
  fitmentDate: string | null;
}

const shift = (iso: string, days: number) => dayjs(iso).add(days, 'day').format('YYYY-MM-DD');

function renderPicker(value: string | null, props: { minDate?: string; isRequired?: boolean } = {}) {
  const onSubmit = vi.fn();
  render(
    <FormHarness<Values> defaultValues={{ fitmentDate: value }} onSubmit={onSubmit}>
      {(control) => <FormDatePicker control={control} name="fitmentDate" label="Fitment Date" {...props} />}
    </FormHarness>,
  );
  return { onSubmit, user: userEvent.setup() };
}

/** The field's group of day/month/year sections (MUI's accessible field DOM). */
const field = () => screen.getByRole('group', { name: /Fitment Date/ });

describe('FormDatePicker', () => {
  beforeAll(async () => {
    await loadNamespaces('form');
  });

  it('shows dd/MM/yyyy with a required asterisk and refuses an empty required value', async () => {
    const { onSubmit, user } = renderPicker(null, { isRequired: true });
    expect(document.querySelector('label')).toHaveTextContent(/^Fitment Date\s*\*$/);
    expect(within(field()).getByRole('spinbutton', { name: 'Day' })).toHaveTextContent('DD');
    expect(within(field()).getByRole('spinbutton', { name: 'Year' })).toHaveTextContent('YYYY');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Fitment Date field is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a value as dd/MM/yyyy and submits it as an ISO date', async () => {
    const { onSubmit, user } = renderPicker('2024-03-05');
    expect(within(field()).getByRole('spinbutton', { name: 'Day' })).toHaveTextContent('05');
    expect(within(field()).getByRole('spinbutton', { name: 'Month' })).toHaveTextContent('03');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ fitmentDate: '2024-03-05' }, expect.anything());
  });

  it('refuses a day after today (Asia/Kolkata) by default', async () => {
    const tomorrow = shift(todayIsoDate(), 1);
    const { onSubmit, user } = renderPicker(tomorrow);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`The date cannot be after ${formatIsoDate(todayIsoDate())}`),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a day before the minimum', async () => {
    const { onSubmit, user } = renderPicker('2024-01-09', { minDate: '2024-01-10' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The date cannot be before 10/01/2024')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('types a date section by section', async () => {
    const { onSubmit, user } = renderPicker(null);
    await user.click(within(field()).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('15082025');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ fitmentDate: '2025-08-15' }, expect.anything());
  });

  it('says at once when a typed day is out of bounds, before any submit', async () => {
    const { user } = renderPicker(null, { minDate: '2024-01-10' });
    await user.click(within(field()).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('09012024');
    expect(await screen.findByText('The date cannot be before 10/01/2024')).toBeInTheDocument();
  });

  it('clears the value with the clear button (shown on hover)', async () => {
    const { onSubmit, user } = renderPicker('2024-03-05');
    await user.hover(field());
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ fitmentDate: null }, expect.anything());
  });

  it('disables days after today in the calendar', async () => {
    const { user } = renderPicker(null);
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    const dialog = await screen.findByRole('dialog');
    const today = Number(todayIsoDate().slice(8));
    expect(within(dialog).getByRole('gridcell', { name: String(today) })).toBeEnabled();
    const next = within(dialog).queryByRole('gridcell', { name: String(today + 1) });
    if (next) expect(next).toBeDisabled();
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    const { user } = renderPicker(null, { isRequired: true });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fitment Date फ़ील्ड आवश्यक है')).toBeInTheDocument();
  });
});
