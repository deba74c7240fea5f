// Lighthouse (mobile, default throttling) on /, /course and a blog post of the built site, against DESIGN §6's
// target of ≥ 95 in performance, accessibility, best practices and SEO. Needs `npm run build` and Chromium.
// Prints a table; not an assertion (the machine is shared and performance scores are noisy).
import lighthouse from 'lighthouse';
import { launchBrowser, startServer } from '../e2e/harness';
import { freePort } from '../src/server/test/free-port';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const server = await startServer();
const port = await freePort();
const browser = await launchBrowser({ args: [`--remote-debugging-port=${port}`] });
try {
  const blogs = (await (await fetch(`${server.url}/api/blog/getBlog`)).json()) as { _id: string }[];
  const paths = ['/', '/course', `/blog/${blogs[0]._id}`];
  const rows: string[] = [];
  const failures: string[] = [];
  for (const path of paths) {
    const result = await lighthouse(`${server.url}${path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const scores = categories.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
    rows.push(`| ${path.startsWith('/blog/') ? '/blog/{id}' : path} | ${scores.join(' | ')} |`);
    for (const c of categories) {
      const category = result.lhr.categories[c];
      if ((category?.score ?? 0) < 0.95) {
        const weak = category.auditRefs
          .map((ref) => result.lhr.audits[ref.id])
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
        failures.push(`${path} ${c}: ${weak.join(', ') || 'no single failing audit'}`);
      }
    }
  }
  console.log(
    `Lighthouse ${new Date().toISOString().slice(0, 16)} (mobile, simulated throttling), Chromium at ${browser.version()}`,
  );
  console.log(`| page | ${categories.join(' | ')} |\n|---|---:|---:|---:|---:|\n${rows.join('\n')}`);
  console.log(failures.length ? `Below 95:\n- ${failures.join('\n- ')}` : 'Every score ≥ 95 (target met).');
} finally {
  await browser.close();
  await server.stop();
}
