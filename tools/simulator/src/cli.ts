/**
 * `npm run simulate -- --vehicles N --protocol mixed --host 127.0.0.1 --interval 10`: drives a simulated Indore SWM
 * fleet against a CivicFleet gateway and prints a one-line summary every few seconds. Ctrl-C stops gracefully.
 */
import { parseCliArgs, USAGE } from './cli-args.ts';
import { startSimulator } from './runtime/start-simulator.ts';
import { formatSummary } from './runtime/stats.ts';

function main(): void {
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.isHelp) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = (line: string): void => {
    process.stderr.write(`${new Date().toISOString()} ${line}\n`);
  };
  const simulator = startSimulator({ ...options.simulator, log: options.isVerbose ? log : undefined });
  log(
    `simulating ${simulator.vehicles.length} vehicles (${options.simulator.protocol}) against ` +
      `${options.simulator.host}; Ctrl-C to stop`,
  );
  const summary = setInterval(
    () => process.stdout.write(`${formatSummary(simulator.stats())}\n`),
    options.summaryS * 1000,
  );

  let isStopping = false;
  const stop = async (): Promise<void> => {
    if (isStopping) return;
    isStopping = true;
    clearInterval(summary);
    await simulator.stop();
    process.stdout.write(`${formatSummary(simulator.stats())}\n`);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  if (options.durationS !== null) setTimeout(() => void stop(), options.durationS * 1000);
}

main();
