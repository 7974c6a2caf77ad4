/**
 * Decodes captured tracker packets from a file or stdin and prints one JSON object per decoded message.
 *
 *   npm run decode -- --protocol <ais140|gt06|teltonika> [--hex] [--strict] <file|->
 *
 * One packet per line: text for ais140 (or hex with --hex), hex for gt06 and teltonika. Blank lines and lines
 * starting with # are skipped. Exit code 0 when the input was read (decode problems are reported in `error`),
 * 2 on a usage error, 1 when the input cannot be read.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PROTOCOLS } from '../core/message.ts';
import { isProtocol } from '../index.ts';
import { decodeLines } from './decode-lines.ts';

const USAGE = `usage: npm run decode -- --protocol <${PROTOCOLS.join('|')}> [--hex] [--strict] <file|->
  One packet per line: text for ais140 (hex with --hex), hex for gt06 and teltonika.
  Blank lines and lines starting with # are skipped; "-" reads stdin.
  Prints one JSON object per decoded message: the normalised fields, plus "reply" (hex the server
  must send back) and "error" on the last message of each frame.`;

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        protocol: { type: 'string', short: 'p' },
        hex: { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const protocol = values.protocol;
  const [input] = positionals;
  if (protocol === undefined || !isProtocol(protocol) || input === undefined || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }

  let text: string;
  try {
    text = readFileSync(input === '-' ? 0 : input, 'utf8');
  } catch (error) {
    process.stderr.write(`cannot read ${input}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }

  const outputs = decodeLines(text.split('\n'), { protocol, isHex: values.hex, isStrict: values.strict });
  process.stdout.write(outputs.map((output) => `${JSON.stringify(output)}\n`).join(''));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
