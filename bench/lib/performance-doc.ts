// docs/performance.md holds one "## <title>" section per benchmark; each script rewrites only its own section.

const HEADER = `# Performance

Figures measured by the scripts in \`bench/\`; each script rewrites its own section below when it runs. The targets
are DESIGN §6's.
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
