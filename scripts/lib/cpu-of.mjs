// @ts-check
// Runs one command and reports the busy CPU-seconds of its whole process tree (scripts/lib/cpu.mjs)
// as JSON on file descriptor 3, for `npm test`'s per-step figures:
//   node scripts/lib/cpu-of.mjs <command> [args...]   (exits with the command's code)
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { startCpuMeter } from './cpu.mjs';

const [command, ...args] = process.argv.slice(2);
const meter = startCpuMeter();
const child = spawn(command, args, { stdio: 'inherit' });
const code = await new Promise((resolve) => child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
meter.stop();
const report = `${JSON.stringify({ seconds: meter.seconds(), orphaned: meter.orphanedSeconds() })}\n`;
try {
  writeSync(3, report);
} catch {
  process.stderr.write(report); // run by hand, without a descriptor 3
}
process.exit(code);
