// The load generator of bench/soak.ts, run as its own (niced) process so it yields the CPU to the server: mixed
// signed-in reads and writes from BENCH_CONNECTIONS connections for BENCH_DURATION seconds against BENCH_URL, each
// request as a random user of BENCH_TOKENS_FILE. Prints the autocannon result as one JSON line.
import fs from 'node:fs';
import autocannon, { type Options } from 'autocannon';

const base = process.env.BENCH_URL as string;
const tokens = JSON.parse(fs.readFileSync(process.env.BENCH_TOKENS_FILE as string, 'utf8')) as string[];
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 60);

const courses = (await (await fetch(`${base}/api/course/getCourse`)).json()) as { _id: string }[];
const lessons = (
  await Promise.all(
    courses.map(async (c) => {
      const list = (await (await fetch(`${base}/api/lession/getLessionList/${c._id}`)).json()) as {
        lessonlist: { _id: string }[];
      };
      return list.lessonlist.map((l) => ({ course: c._id, lesson: l._id }));
    }),
  )
).flat();
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

let seq = 0;
/** One request of the mix: 60% reads of the catalogue and of the user's own bugs, 25% reads of comments, 15% writes. */
function next(): { method: string; path: string; body?: string } {
  const r = Math.random();
  const { course, lesson } = pick(lessons);
  if (r < 0.15) return { method: 'GET', path: '/api/course/getCourse' };
  if (r < 0.35) return { method: 'GET', path: `/api/lession/getLessionList/${course}` };
  if (r < 0.45) return { method: 'GET', path: `/api/lession/getLession/${course}/${lesson}` };
  if (r < 0.5) return { method: 'GET', path: '/api/blog/getBlog' };
  if (r < 0.6) return { method: 'GET', path: '/api/bug/getbug' };
  if (r < 0.85) return { method: 'POST', path: '/api/lession/getcomment', body: JSON.stringify({ lession: lesson }) };
  if (r < 0.93) {
    return {
      method: 'POST',
      path: '/api/lession/addcomment',
      body: JSON.stringify({ lession: lesson, content: `<p>soak comment ${++seq}</p>` }),
    };
  }
  return {
    method: 'POST',
    path: '/api/bug/addbug',
    body: JSON.stringify({ title: `Soak bug ${++seq}`, description: '<p>found under load</p>' }),
  };
}

const options = {
  url: base,
  connections,
  duration,
  timeout: 10,
  requests: [
    {
      setupRequest: (request: Record<string, unknown>) => {
        const { method, path, body } = next();
        return {
          ...request,
          method,
          path,
          headers: { 'content-type': 'application/json', 'auth-token': pick(tokens) },
          ...(body ? { body } : {}),
        };
      },
    },
  ],
};
const result = await autocannon(options as unknown as Options);
process.stdout.write(`${JSON.stringify(result)}\n`);
