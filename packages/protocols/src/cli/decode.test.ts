/**
 * Spawns the decode CLI exactly as `npm run decode` does (node --import tsx) on temp files of real packets.
 * Packets come from the research file packets.json (sources noted per line).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'civicfleet-decode-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface Output {
  line: number | null;
  protocol: string;
  kind?: string;
  imei?: string | null;
  lat?: number | null;
  lon?: number | null;
  text?: string;
  checksumOk?: boolean | null;
  reply?: string;
  error?: string;
  skippedBytes?: number;
  gpsValid?: boolean | null;
  io?: Record<string, unknown>;
}

function run(args: string[], input?: string): { status: number | null; outputs: Output[]; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/decode.ts', ...args], {
    cwd: packageDir,
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const outputs = result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Output);
  return { status: result.status, outputs, stderr: result.stderr };
}

function file(name: string, lines: string[]): string {
  const path = join(workDir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const TELTONIKA_IMEI = '356307042441013';
const teltonikaLines = [
  '# nom-teltonika tests/parser_tcp.rs: IMEI handshake',
  '000F333536333037303432343431303133',
  '# traccar TeltonikaProtocolDecoderTest line 105: 4 records near Noida',
  '000000000000009f080400000159738f76b8012e13b796110ab27600d700000b00004e01000000014e000000000000000000000159738f6ee8012e13b796110ab27600d700000a00004e01000000014e01000b00791c179300000159738f6b00012e13b796110ab27600d700000a00004e01000000014e000000000000000000000159738f5f48012e13b796110ab27600d700000b00004e01000000014e01000b00791c17930400009671',
  '# alim-zanibekov/teltonika TestTCPCodecsDecodeMustFail: corrupted CRC',
  '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7C1',
  '# Teltonika wiki Codec 12 getio response',
  '00000000000000370C01060000002F4449313A31204449323A30204449333A302041494E313A302041494E323A313639323420444F313A3020444F323A3101000066E3',
  'this is not hex',
];

describe('npm run decode', () => {
  it('decodes a Teltonika session: handshake, records with the learnt IMEI, ack, bad CRC, command response', () => {
    const { status, outputs } = run(['--protocol', 'teltonika', file('teltonika.txt', teltonikaLines)]);
    expect(status).toBe(0);
    expect(outputs.map((output) => output.kind ?? null)).toEqual([
      'login',
      'position',
      'position',
      'position',
      'position',
      'position',
      'command-response',
      null,
    ]);
    expect(outputs[0]).toMatchObject({ line: 2, imei: TELTONIKA_IMEI, reply: '01' });
    const records = outputs.slice(1, 5);
    expect(records.every((output) => output.imei === TELTONIKA_IMEI && output.line === 4)).toBe(true);
    expect(records.map((output) => output.reply)).toEqual([undefined, undefined, undefined, '00000004']);
    expect(records[0]).toMatchObject({ lat: 28.5913718, lon: 77.3044118 });
    expect(outputs[5]).toMatchObject({ line: 6, checksumOk: false });
    expect(outputs[5]?.reply).toBeUndefined();
    expect(outputs[5]?.error).toMatch(/CRC mismatch/);
    expect(outputs[6]).toMatchObject({ text: 'DI1:1 DI2:0 DI3:0 AIN1:0 AIN2:16924 DO1:0 DO2:1' });
    expect(outputs[7]).toMatchObject({ line: 9, error: 'not a hex line' });
  });

  it('reads stdin with "-" and drops bad-checksum records with --strict', () => {
    const { status, outputs } = run(['--protocol', 'teltonika', '--strict', '-'], teltonikaLines.join('\n'));
    expect(status).toBe(0);
    const bad = outputs.filter((output) => output.line === 6);
    expect(bad).toHaveLength(1);
    expect(bad[0]?.kind).toBeUndefined();
    expect(bad[0]?.error).toMatch(/CRC mismatch/);
  });

  it('reports an incomplete frame left at the end of the input', () => {
    const { outputs } = run(['--protocol', 'teltonika', file('cut.txt', ['000000000000009f0804000001'])]);
    expect(outputs).toEqual([
      {
        line: null,
        protocol: 'teltonika',
        error: '13 bytes of an incomplete frame left at the end of the input',
      },
    ]);
  });

  it('attributes the GT06 login IMEI to the location that follows', () => {
    const path = file('gt06.txt', [
      // traccar Gt06ProtocolDecoderTest line 523 (login) and line 532 (location)
      '787811010864717003664467100f190a0002c6d20d0a',
      '78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a',
    ]);
    const { status, outputs } = run(['--protocol', 'gt06', path]);
    expect(status).toBe(0);
    const login = outputs.find((output) => output.line === 1);
    expect(login?.reply?.toUpperCase()).toBe('787805010002EB470D0A');
    const location = outputs.find((output) => output.line === 2);
    expect(location).toMatchObject({ imei: '864717003664467' });
    expect(location?.lat).toBeCloseTo(27.463709, 5);
    expect(location?.lon).toBeCloseTo(76.04256, 5);
  });

  it('decodes AIS-140 text lines (Navitech login then a tracking packet)', () => {
    const path = file('ais140.txt', [
      // Akash-Harale/vlts-server docker-logs.txt, a live Navitech unit
      '$Header,NAVITECH,VA01I2019,865395072470808,NAVI5.0,AIS140,28.550938,N,077.056626,E*',
      '$Header,NAVITECH,NAVI5.0,NR,01,L,865395072470808,VA01I2019,0,24032026,053602,28.550938,N,077.056626,E,0.0,253,0,209.0,99.00,99.00,AIRTEL,0,1,12.6,4.1,0,C,17,404,010,0066,B97F,17,0066,6439,16,0066,C9C9,15,0066,AF9D,15,0066,6438,0100,00,000012,0.0,0.0,43260,()*',
    ]);
    const { status, outputs } = run(['--protocol', 'ais140', path]);
    expect(status).toBe(0);
    expect(outputs.every((output) => output.protocol === 'ais140')).toBe(true);
    expect(outputs.find((output) => output.line === 1)).toMatchObject({
      kind: 'login',
      imei: '865395072470808',
    });
    const tracking = outputs.find((output) => output.line === 2);
    expect(tracking).toMatchObject({ imei: '865395072470808', lat: 28.550938, lon: 77.056626 });
  });

  it('shows the 4G GT06 and Wi-Fi types: 0xA0 with its LTE cell, a length-0 Wi-Fi frame as a no-fix position', () => {
    const lines = [
      '787829a01707150f2d0ecd01635100041e96d000087c02d4020000912e000000000718798d000e0006ed3ce50d0a',
      '7878001719011910543607028f0100bc2e695a00bcb3635a00bc27c56400bc447b6400bc46c96400bc33ce6400bc64ca640d0a',
    ];
    const result = run(['--protocol', 'gt06', '-'], lines.join('\n'));
    expect(result.status).toBe(0);
    expect(result.outputs[0]).toMatchObject({
      line: 1,
      kind: 'position',
      io: { protocolNumber: 0xa0, cellId: 119044493 },
    });
    expect(result.outputs[1]).toMatchObject({
      line: 2,
      kind: 'position',
      lat: null,
      gpsValid: false,
      reply: '787800171901191054360D0A',
    });
    expect(result.outputs[1]?.io?.cells).toHaveLength(7);
  }, 20_000);

  it('exits 2 with the usage on bad arguments', () => {
    const unknown = run(['--protocol', 'nmea', '-'], '');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/usage: npm run decode -- --protocol <ais140\|gt06\|teltonika>/);
    expect(run(['--protocol', 'gt06']).status).toBe(2);
    expect(run(['--protocol', 'gt06', '--bogus', '-'], '').status).toBe(2);
  }, 20_000); // three process starts: over the default 5 s when the shared machine is loaded

  it('exits 1 when the input file cannot be read', () => {
    const missing = run(['--protocol', 'gt06', join(workDir, 'missing.txt')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read/);
  });
});
