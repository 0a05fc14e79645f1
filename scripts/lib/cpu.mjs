// @ts-check
// Busy CPU-seconds of a process tree on Linux, and a calibration figure to read them against
// (docs/testing.md, "The suite's CPU").
//
// A process's CPU reaches its parent's cutime/cstime (/proc/<pid>/stat) when the parent reaps
// it, so this process's own CPU plus its cutime/cstime, read once its children have ended,
// counts the whole tree: except a process whose parent ended first (the stack's JVM, killed with
// its group or left by its launcher's shell), which init reaps instead. The meter reads /proc
// every couple of seconds to catch those: a process still running after its parent ended is
// followed until it ends, and when processes end together the CPU they had at the last reading,
// less what their nearest living ancestor reaped meanwhile, is counted as theirs.
import { readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * @typedef {{ ppid: number, start: string, own: number, reaped: number }} Stat
 * own: utime+stime; reaped: cutime+cstime (the reaped children's own and reaped), in seconds.
 */

/** @returns {Stat | undefined} */
function readStat(/** @type {number | 'self'} */ pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // ended
  }
  // The command name, in brackets, may hold spaces: the fields are counted after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    ppid: Number(fields[1]),
    start: fields[19],
    own: (Number(fields[11]) + Number(fields[12])) / TICKS,
    reaped: (Number(fields[13]) + Number(fields[14])) / TICKS,
  };
}

/** Every process now running, by pid. */
function readAll() {
  /** @type {Map<number, Stat>} */
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) all.set(Number(name), stat);
  }
  return all;
}

const total = (/** @type {Stat} */ s) => s.own + s.reaped;

/** This process's own CPU-seconds and what it has reaped of its children. */
export function selfCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6 + (readStat('self')?.reaped ?? 0);
}

/**
 * Starts counting the busy CPU-seconds of this process and everything it starts.
 * `seconds()` gives the figure so far: call it once the children have ended for the whole of
 * theirs (a running child's CPU counts only once it is reaped, or its parent has ended).
 */
export function startCpuMeter({ everyMs = 2000 } = {}) {
  const self = process.pid;
  const base = selfCpuSeconds();
  /** Processes of the tree at the last reading. */
  /** @type {Map<number, Stat>} */
  let known = new Map();
  /** Those still running after their parent ended: their CPU reaches no one of the tree. */
  /** @type {Set<number>} */
  const orphans = new Set();
  /** CPU of processes that init reaped, as far as the readings saw it. */
  let lost = 0;

  const read = () => {
    const all = readAll();
    const selfNow = readStat('self');
    if (selfNow) all.set(self, selfNow);
    const sameProcess = (/** @type {number} */ pid) => {
      const before = known.get(pid) ?? (pid === self ? selfNow : undefined);
      const now = all.get(pid);
      return before !== undefined && now !== undefined && now.start === before.start;
    };
    // A process of the tree still running whose parent has ended: followed from now on.
    for (const [pid, before] of known) {
      const now = all.get(pid);
      if (now && now.start === before.start && now.ppid !== before.ppid) orphans.add(pid);
    }
    // Processes that ended: what they had at the last reading should reach their nearest
    // living ancestor's reaped time; what did not went to init.
    /** @type {Map<number, number>} */
    const expected = new Map();
    for (const [pid, before] of known) {
      if (sameProcess(pid)) continue;
      if (orphans.delete(pid)) {
        lost += total(before); // an orphan's CPU counts as last read
        continue;
      }
      let ancestor = before.ppid;
      while (ancestor !== self && !sameProcess(ancestor) && known.has(ancestor)) {
        ancestor = /** @type {Stat} */ (known.get(ancestor)).ppid;
      }
      if (ancestor === self || sameProcess(ancestor)) expected.set(ancestor, (expected.get(ancestor) ?? 0) + total(before));
      else lost += total(before); // under an orphan that ended too, whose last reading lacks it
    }
    for (const [ancestor, cpu] of expected) {
      const before = ancestor === self ? lastSelf : known.get(ancestor);
      const now = all.get(ancestor);
      const grew = before && now ? now.reaped - before.reaped : 0;
      lost += Math.max(0, cpu - grew);
    }
    // The tree now: this process's descendants and the orphans' (followed by parent links).
    /** @type {Map<number, number[]>} */
    const children = new Map();
    for (const [pid, stat] of all) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
    known = new Map();
    const queue = [...(children.get(self) ?? []), ...orphans];
    for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
      const stat = all.get(pid);
      if (!stat || known.has(pid)) continue;
      known.set(pid, stat);
      queue.push(...(children.get(pid) ?? []));
    }
    lastSelf = selfNow;
  };
  /** @type {Stat | undefined} */
  let lastSelf = readStat('self');
  read();
  const timer = setInterval(read, everyMs);
  timer.unref();

  /** The CPU of processes whose parent ended before them: counted from the readings. */
  const orphaned = () => lost + [...orphans].reduce((sum, pid) => sum + total(/** @type {Stat} */ (known.get(pid))), 0);

  return {
    /** Busy CPU-seconds since the start, this process and its tree. */
    seconds() {
      read();
      return selfCpuSeconds() - base + orphaned();
    },
    /** Of which counted from the readings (processes whose parent ended first). */
    orphanedSeconds: orphaned,
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * A fixed CPU-bound piece of JavaScript (maps, strings, sorting, JSON: what the suite's Node
 * processes do most), in CPU-seconds of this process; the least of five runs, so a moment's
 * interruption does not count. About 0.4 s a run on the 2-core CI machine.
 */
export function calibrate(rounds = 25) {
  const once = () => {
    const began = process.cpuUsage();
    let check = 0;
    for (let round = 0; round < rounds; round++) {
      const map = new Map();
      for (let i = 0; i < 20_000; i++) map.set(`key-${(i * 7919) % 20_011}`, { i, half: i / 2 });
      const keys = [...map.keys()].sort();
      check =
        (check * 31 +
          JSON.stringify(keys.slice(round, round + 200)).length +
          JSON.parse(JSON.stringify([...map.values()].slice(0, 2_000))).length) |
        0;
    }
    const { user, system } = process.cpuUsage(began);
    return { seconds: (user + system) / 1e6, check };
  };
  return Math.min(...Array.from({ length: 5 }, () => once().seconds));
}
