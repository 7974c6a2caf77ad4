/**
 * BLE / EYE / Dallas sensor IOs (Teltonika wiki "FMB AVL ID": ids, units, error codes) → named io keys, on top of
 * the raw `io<ID>` values. Temperatures are signed (see SIGNED_IDS in io-elements.ts).
 *
 * | ids | meaning | io key |
 * |---|---|---|
 * | 25–28 | BLE temperature #1–4, 0.01 °C | `bleTemp1C` … |
 * | 29–32 | BLE battery #1–4, % | `bleBattery1Pct` … |
 * | 86, 104, 106, 108 | BLE humidity #1–4, 0.1 %RH | `bleHumidity1Pct` … |
 * | 72–75 | Dallas temperature #1–4, 0.1 °C | `dallasTemp1C` … |
 * | 10800–10803 | EYE temperature 1–4, 0.01 °C | `eyeTemp1C` … |
 * | 10804–10807 | EYE humidity 1–4, %RH | `eyeHumidity1Pct` … |
 * | 10820–10823 | EYE low battery 1–4 | `eyeLowBattery1` … |
 * | 10824–10827 | EYE battery voltage 1–4, mV | `eyeBattery1V` … |
 *
 * Error codes are skipped (the raw value stays under `io<ID>`): temperatures 2000/3000/4000 (parsing failed, sensor
 * not found, abnormal state; Dallas also 850 and 5000), humidity ≥ 1000 (BLE) or > 100 (EYE).
 * `temp1C` / `humidityPct` (the keys GT06 uses too) get the first sensor that reports: EYE, then BLE, then Dallas.
 */
import type { NormalisedMessage } from '../core/message.ts';

const TEMP_ERRORS: ReadonlySet<number> = new Set([2000, 3000, 4000]);
const DALLAS_ERRORS: ReadonlySet<number> = new Set([850, 2000, 3000, 4000, 5000]);
const BLE_HUMIDITY_IDS = [86, 104, 106, 108] as const;

const round2 = (x: number) => Math.round(x * 100) / 100;

export function applySensorIo(numbers: ReadonlyMap<number, number>, message: NormalisedMessage): void {
  const io = message.io;
  const temps: (number | undefined)[] = [];
  const humidities: (number | undefined)[] = [];
  for (let n = 1; n <= 4; n++) {
    const eyeTemp = numbers.get(10799 + n);
    if (eyeTemp !== undefined && !TEMP_ERRORS.has(eyeTemp))
      temps.push((io[`eyeTemp${n}C`] = round2(eyeTemp / 100)));
    const eyeHumidity = numbers.get(10803 + n);
    if (eyeHumidity !== undefined && eyeHumidity <= 100)
      humidities.push((io[`eyeHumidity${n}Pct`] = eyeHumidity));
    const eyeLow = numbers.get(10819 + n);
    if (eyeLow !== undefined) io[`eyeLowBattery${n}`] = eyeLow > 0;
    const eyeBattery = numbers.get(10823 + n);
    if (eyeBattery !== undefined) io[`eyeBattery${n}V`] = eyeBattery / 1000;
  }
  for (let n = 1; n <= 4; n++) {
    const bleTemp = numbers.get(24 + n);
    if (bleTemp !== undefined && !TEMP_ERRORS.has(bleTemp))
      temps.push((io[`bleTemp${n}C`] = round2(bleTemp / 100)));
    const bleBattery = numbers.get(28 + n);
    if (bleBattery !== undefined && bleBattery <= 100) io[`bleBattery${n}Pct`] = bleBattery;
    const bleHumidity = numbers.get(BLE_HUMIDITY_IDS[n - 1] ?? 0);
    if (bleHumidity !== undefined && bleHumidity < 1000) {
      humidities.push((io[`bleHumidity${n}Pct`] = bleHumidity / 10));
    }
  }
  for (let n = 1; n <= 4; n++) {
    const dallas = numbers.get(71 + n);
    if (dallas !== undefined && !DALLAS_ERRORS.has(dallas)) temps.push((io[`dallasTemp${n}C`] = dallas / 10));
  }
  const firstTemp = temps.find((t) => t !== undefined);
  if (firstTemp !== undefined) io.temp1C = firstTemp;
  const firstHumidity = humidities.find((h) => h !== undefined);
  if (firstHumidity !== undefined) io.humidityPct = firstHumidity;
}

/** Ids applySensorIo reads: BLE 25–32, Dallas 72–75, BLE humidity 86/104/106/108, EYE 10800–10827. */
export function isSensorId(id: number): boolean {
  return (
    (id >= 25 && id <= 32) ||
    (id >= 72 && id <= 75) ||
    id === 86 ||
    id === 104 ||
    id === 106 ||
    id === 108 ||
    (id >= 10800 && id <= 10827)
  );
}
