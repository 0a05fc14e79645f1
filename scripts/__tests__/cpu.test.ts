/**
 * The busy CPU-seconds `npm test` prints (scripts/lib/cpu.mjs): a child's CPU counts, and so does
 * a process whose parent ended before it (init reaps it, not us: the stack's JVM when its group
 * is killed), whether it runs on or is killed with its group. Each case is compared with the
 * same processes burning nothing, so Node's own start-up is left out of the figure.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** A Node process that busies itself for `seconds` of its own CPU, then runs `after`. */
const burner = (seconds: number, after = '') =>
  `const t = process.cpuUsage(); while (((u) => u.user + u.system)(process.cpuUsage(t)) < ${seconds * 1e6}); ${after}`;

/**
 * The meter's growth (CPU-s) over `shape`, run in a Node process of its own (Jest loads no ES
 * modules): `child` a direct child, `orphan` a child's child still burning after its parent
 * ended, `killed` a child's child killed with its process group.
 */
function meterGrowth(shape: 'child' | 'orphan' | 'killed', seconds: number): number {
  const grandchild = JSON.stringify(
    shape === 'orphan' ? `setTimeout(() => { ${burner(seconds)} }, 1000)` : `${burner(seconds)} setInterval(() => {}, 1000)`,
  );
  const child =
    shape === 'child'
      ? burner(seconds)
      : `require('node:child_process').spawn(process.execPath, ['-e', ${grandchild}], { stdio: 'ignore' }); setTimeout(() => process.exit(0), ${shape === 'orphan' ? 500 : 60_000})`;
  const driver = `
    import { spawn } from 'node:child_process';
    import { startCpuMeter } from './scripts/lib/cpu.mjs';
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const meter = startCpuMeter({ everyMs: 200 });
    const before = meter.seconds();
    const child = spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'inherit', detached: true });
    const ended = new Promise((resolve) => child.on('close', resolve));
    if (${JSON.stringify(shape)} === 'killed') {
      // Killed once the grandchild has burnt its share and the meter has read it since.
      await sleep(${seconds * 1000} + 1500);
      process.kill(-child.pid, 'SIGKILL');
    }
    await ended;
    await sleep(${seconds * 1000} + 1500); // an orphan's burn ends meanwhile
    console.log(JSON.stringify(meter.seconds() - before));
    meter.stop();
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', driver], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout.trim());
}

describe('the busy CPU-seconds of a process tree', () => {
  it.each([
    ['a child', 'child'],
    ['a grandchild still running after its parent ended', 'orphan'],
    ['a grandchild later killed with its process group', 'killed'],
  ] as const)(
    'when %s burns half a second of CPU, then the figure grows by about that',
    (_who, shape) => {
      const grew = meterGrowth(shape, 0.5) - meterGrowth(shape, 0);
      expect(grew).toBeGreaterThan(0.35);
      expect(grew).toBeLessThan(0.7);
    },
    60_000,
  );

  it("when cpu-of runs a command, then it reports the command's CPU on descriptor 3 and exits with its code", () => {
    const run = spawnSync(
      process.execPath,
      ['scripts/lib/cpu-of.mjs', process.execPath, '-e', `${burner(0.5)} process.exit(3)`],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(3);
    const report = JSON.parse(String(run.output[3])) as { seconds: number };
    expect(report.seconds).toBeGreaterThan(0.45);
    expect(report.seconds).toBeLessThan(1);
  });
});
