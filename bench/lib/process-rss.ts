// A process's resident memory with its child processes' (the Python grading workers are children of the server;
// its QuickJS workers are threads, counted in its own VmRSS), from /proc/<pid>/status. Linux only.
import fs from 'node:fs';

const vmRssKb = (pid: string) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** The RSS in bytes of `pid` and of its direct children. */
export function processTreeRss(pid: number): number {
  const task = `/proc/${pid}/task`;
  const children = fs
    .readdirSync(task)
    .flatMap((t) => fs.readFileSync(`${task}/${t}/children`, 'utf8').split(/\s+/).filter(Boolean));
  const kb = children.reduce(
    (sum, child) => {
      try {
        return sum + vmRssKb(child);
      } catch {
        return sum; // Exited meanwhile.
      }
    },
    vmRssKb(String(pid)),
  );
  return kb * 1024;
}
