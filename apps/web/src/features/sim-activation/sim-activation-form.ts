/**
 * The SIM activation form's rules (spec 01 §2.10, §5). The form holds the lists as `{ value }` entries (react-hook-form
 * field arrays) and the numbers as the 10 digits typed after the fixed +91; on submit empty entries are dropped, +91 is
 * added, and the result is checked by the contract's SimActivationInputSchema, so the server's rules are the form's.
 * Contract messages are English; `MESSAGE_KEYS` finds their i18n key.
 */
import {
  PHONE_PREFIX,
  SIM_ACTIVATION_MESSAGES as MSG,
  SimActivationInputSchema,
  withoutPhonePrefix,
  type SimActivationInput,
  type SimActivationOrder,
} from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export const SIM_ORDER_LIST_PATH = '/sim-activation-order';
export const PHONE_INPUT_MAX_LENGTH = 10;

const EntrySchema = z.object({ value: z.string() });
const SimActivationFormSchema = z.object({
  imei: z.string(),
  ips: z.array(EntrySchema),
  numbers: z.array(EntrySchema),
  durationInDays: z.string(),
});
export type SimActivationFormValues = z.input<typeof SimActivationFormSchema>;
type ListName = 'ips' | 'numbers';

/** The non-empty entries of a list, with where each sits in the form (to put a message on the right field). */
function keep(entries: ReadonlyArray<{ value: string }>): Array<{ value: string; index: number }> {
  return entries.map((e, index) => ({ value: e.value.trim(), index })).filter((e) => e.value !== '');
}

export function simActivationFormSchema() {
  return SimActivationFormSchema.transform((values, ctx): SimActivationInput => {
    const ips = keep(values.ips);
    const numbers = keep(values.numbers);
    const positions: Record<ListName, number[]> = {
      ips: ips.map((e) => e.index),
      numbers: numbers.map((e) => e.index),
    };
    const parsed = SimActivationInputSchema.safeParse({
      imei: values.imei,
      ips: ips.map((e) => e.value),
      numbers: numbers.map((e) => `${PHONE_PREFIX}${e.value}`),
      durationInDays: values.durationInDays === '' ? undefined : values.durationInDays,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      // An entry's message goes on the entry as typed (the dropped blanks shift the contract's indexes).
      const at =
        (field === 'ips' || field === 'numbers') && typeof index === 'number'
          ? positions[field][index]
          : undefined;
      const path = at === undefined ? issue.path : [field as ListName, at, 'value'];
      ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
    return z.NEVER;
  });
}

export const SIM_ACTIVATION_FORM_FIELDS = ['imei', 'durationInDays'] as const;

export const EMPTY_SIM_ACTIVATION_FORM: SimActivationFormValues = {
  imei: '',
  ips: [{ value: '' }],
  numbers: [{ value: '' }],
  durationInDays: '',
};

/** An order as the form edits it: +91 removed from the numbers (spec 01 §5). */
export function toFormValues(order: SimActivationOrder): SimActivationFormValues {
  const entries = (list: string[]) => (list.length > 0 ? list.map((value) => ({ value })) : [{ value: '' }]);
  return {
    imei: order.imei,
    ips: entries(order.ips),
    numbers: entries(order.numbers.map(withoutPhonePrefix)),
    durationInDays: String(order.durationInDays),
  };
}

/** Contract and server messages → `simActivation` i18n keys (anything else is shown as sent). */
const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [MSG.atLeastOneIp]: 'validation.atLeastOneIp',
  [MSG.atLeastOneNumber]: 'validation.atLeastOneNumber',
  [MSG.maxIps]: 'validation.maxIps',
  [MSG.maxNumbers]: 'validation.maxNumbers',
  [MSG.ip]: 'validation.ip',
  [MSG.number]: 'validation.number',
  [MSG.imei]: 'validation.imei',
  [MSG.duration]: 'validation.duration',
  [MSG.statusRequired]: 'validation.statusRequired',
  [MSG.statusInvalid]: 'validation.statusInvalid',
  [MSG.doneDetails]: 'validation.doneDetails',
  [MSG.msisdn]: 'validation.msisdn',
  [MSG.operator]: 'validation.operator',
  [MSG.eSimProvider]: 'validation.eSimProvider',
  [MSG.deviceNotFound]: 'validation.deviceNotFound',
  [MSG.noPlan]: 'validation.noPlan',
  [MSG.imeiFixed]: 'validation.imeiFixed',
  [MSG.manufacturerOnly]: 'validation.manufacturerOnly',
  [MSG.notFound]: 'validation.notFound',
};

/** How the SIM activation screens show messages: the contract's by their i18n keys, others as sent. */
export function useSimActivationMessages(): (message: string) => string {
  const { t } = useTranslation('simActivation');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
