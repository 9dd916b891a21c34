// Who used the machine's CPU during a stretch of a benchmark, from /proc (Linux): the service's
// processes, the database server's (PostgreSQL's `postgres` processes), this process (the load
// generator and the probes), anything else, and what was left idle — as shares of all the cores.
import fs from 'node:fs';

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** utime + stime of a process (clock ticks) and its command name; null when it is gone. */
function ticksOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
}

/** Every process's CPU so far, and the machine's (all cores, idle included). */
export function cpuSnapshot() {
  const processes = new Map();
  for (const name of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(name)) continue;
    const t = ticksOf(Number(name));
    if (t) processes.set(Number(name), t);
  }
  const cpu = read('/proc/stat').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are idle.
  return { processes, total: cpu.slice(0, 8).reduce((a, b) => a + b, 0), idle: (cpu[3] ?? 0) + (cpu[4] ?? 0) };
}

/** Shares of the machine's CPU between two snapshots: `service` is the set of the service's pids. */
export function cpuShares(before, after, service) {
  const total = after.total - before.total;
  if (!total) return null;
  const used = { service: 0, database: 0, load: 0, other: 0 };
  for (const [pid, { comm, ticks }] of after.processes) {
    const spent = ticks - (before.processes.get(pid)?.comm === comm ? before.processes.get(pid).ticks : 0);
    if (spent <= 0) continue;
    const kind = service.has(pid)
      ? 'service'
      : pid === process.pid
        ? 'load'
        : comm === 'postgres'
          ? 'database'
          : 'other';
    used[kind] += spent;
  }
  const share = (x) => x / total;
  return {
    service: share(used.service),
    database: share(used.database),
    load: share(used.load),
    other: share(used.other),
    idle: share(after.idle - before.idle),
  };
}
