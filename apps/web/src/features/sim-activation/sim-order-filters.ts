/**
 * The orders screen's filters, kept in the URL (?simStatus=&organisation=&organisationName=&imei=). No `simStatus`
 * parameter means the default INITIATED (spec 02 §4); an empty one means every status.
 */
import {
  DEFAULT_SIM_ORDER_STATUS,
  SIM_ORDER_STATUS_CHOICES,
  type SimOrderStatusChoice,
} from '@civicfleet/shared';
import { useSearchParams } from 'react-router';
import type { SimOrderFilters } from './api/sim-activation';

export interface SimOrderFilterValues {
  /** '' = every status. */
  simStatus: SimOrderStatusChoice | '';
  organisation: { id: string; label: string } | null;
  imei: string;
}

const isStatus = (value: string): value is SimOrderStatusChoice =>
  (SIM_ORDER_STATUS_CHOICES as readonly string[]).includes(value);

export function readFilters(params: URLSearchParams): SimOrderFilterValues {
  const status = params.get('simStatus');
  const organisation = params.get('organisation');
  return {
    simStatus: status === null ? DEFAULT_SIM_ORDER_STATUS : isStatus(status) ? status : '',
    organisation: organisation
      ? { id: organisation, label: params.get('organisationName') ?? organisation }
      : null,
    imei: (params.get('imei') ?? '').replace(/\D/g, ''),
  };
}

/** The query the list sends; undefined fields are left out. */
export function toQueryFilters(values: SimOrderFilterValues): SimOrderFilters {
  return {
    simStatus: values.simStatus === '' ? undefined : values.simStatus,
    organisation: values.organisation?.id,
    imei: values.imei === '' ? undefined : values.imei,
  };
}

export function hasAnyFilter(values: SimOrderFilterValues): boolean {
  return values.simStatus !== '' || values.organisation !== null || values.imei !== '';
}

export function useSimOrderFilters(): [SimOrderFilterValues, (next: SimOrderFilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const apply = (next: SimOrderFilterValues) =>
    setParams((p) => {
      p.set('simStatus', next.simStatus);
      if (next.organisation) {
        p.set('organisation', next.organisation.id);
        p.set('organisationName', next.organisation.label);
      } else {
        p.delete('organisation');
        p.delete('organisationName');
      }
      if (next.imei) p.set('imei', next.imei);
      else p.delete('imei');
      return p;
    });
  return [readFilters(params), apply];
}
