/** Definitions of the SWM reports (contract: reports/swm.contract.ts). */
import type { ReportDefinition } from '../engine/types.ts';

export const SWM_DEFINITIONS: ReportDefinition<never>[] = [];
