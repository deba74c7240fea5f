// docs/performance.md holds one "## <title>" section per benchmark; each script rewrites only its own section.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const docFile = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));

const HEADER = `# Performance

Figures measured by the scripts in \`bench/\`; each script rewrites its own section below when it runs. Each section
states its targets.
`;

/** `doc` with the section `## <title>` set to `body` (added at the end when there is none). */
export function replaceSection(doc: string, title: string, body: string): string {
  const base = doc.trim() ? doc.replace(/\s*$/, '\n') : HEADER;
  const section = `## ${title}\n\n${body.trim()}\n`;
  const lines = base.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${title}`);
  if (start === -1) return `${base}\n${section}`;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join('\n');
  const after = lines.slice(end).join('\n');
  return `${before}\n${section}${after ? `\n${after}` : ''}`.replace(/\n{3,}/g, '\n\n').replace(/\s*$/, '\n');
}

/** Sets the section `## <title>` of docs/performance.md to `body` and says so on the console. */
export function writeSection(title: string, body: string): void {
  fs.writeFileSync(
    docFile,
    replaceSection(fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '', title, body),
  );
  console.log(`Written to ${path.relative(process.cwd(), docFile)}`);
}

/**
 * The opening lines of a section: when, by which command, on what machine, and the load before and after (the
 * machine is shared, so the load says how far to trust the figures). `loadBefore` is os.loadavg()[0] at the start.
 */
export function measuredOn(command: string, loadBefore: number): string[] {
  const cpus = os.cpus();
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by ${command} on`,
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${os.platform()} ${os.release()};`,
    `1-minute load average ${loadBefore.toFixed(1)} before the run and ${os.loadavg()[0].toFixed(1)} after (the machine is shared).`,
  ];
}
