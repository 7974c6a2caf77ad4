/** The sample file of the bulk upload: the contract's sample rows under the spec's header. */
import { ACTIVATION_CSV_SAMPLE } from '@civicfleet/shared';
import { downloadBlob } from '@/components/table/download';

export const SAMPLE_FILE_NAME = 'activations-sample.csv';

export function downloadSampleCsv(): void {
  downloadBlob(new Blob([ACTIVATION_CSV_SAMPLE], { type: 'text/csv;charset=utf-8' }), SAMPLE_FILE_NAME);
}
