import type { SeedCourse } from './types';

/**
 * Demo courses. Order matters: the home page shows the LAST three entries,
 * so the most recent / most popular course (React) is kept at the end.
 */
export const courses: SeedCourse[] = [
  // ---------------------------------------------------------------- HTML
  {
    title: 'HTML for Beginners',
    cover: '/media/covers/html.svg',
    description:
      '<p>Learn how to structure web pages with clean, semantic and accessible HTML markup. ' +
      'You will build a complete page from an empty file, one element at a time. ' +
      'No previous experience is needed, only a text editor and a browser.</p>',
    lessons: [
      {
        title: 'What HTML is and how a page is structured',
        link: '/media/lessons/html-1.webm',
        captions: '/media/lessons/html-1.vtt',
        description: `<p>HTML (HyperText Markup Language) describes the <strong>structure</strong> of a page: which part is a heading, a paragraph, a link or an image. The browser reads it and builds a tree of elements called the DOM.</p>
<p>Every document starts with the same skeleton:</p>
<pre><code class="language-html">&lt;!DOCTYPE html&gt;
&lt;html lang="en"&gt;
  &lt;head&gt;
    &lt;meta charset="utf-8"&gt;
    &lt;meta name="viewport" content="width=device-width, initial-scale=1"&gt;
    &lt;title&gt;My first page&lt;/title&gt;
  &lt;/head&gt;
  &lt;body&gt;
    &lt;h1&gt;Hello, web!&lt;/h1&gt;
  &lt;/body&gt;
&lt;/html&gt;</code></pre>
<p>The <code>&lt;head&gt;</code> holds metadata for the browser and search engines; the <code>&lt;body&gt;</code> holds everything the visitor sees.</p>`,
      },
      {
        title: 'Headings, paragraphs and lists',
        link: '/media/lessons/html-2.webm',
        captions: '/media/lessons/html-2.vtt',
        description: `<p>Text content is the core of most pages. Use headings <code>&lt;h1&gt;</code> to <code>&lt;h6&gt;</code> to build an outline: one <code>&lt;h1&gt;</code> per page, and never skip levels just to get a smaller font.</p>
<pre><code class="language-html">&lt;h2&gt;Shopping list&lt;/h2&gt;
&lt;p&gt;Things to buy &lt;em&gt;before&lt;/em&gt; the weekend:&lt;/p&gt;
&lt;ul&gt;
  &lt;li&gt;Coffee&lt;/li&gt;
  &lt;li&gt;Bread&lt;/li&gt;
&lt;/ul&gt;
&lt;ol&gt;
  &lt;li&gt;Preheat the oven&lt;/li&gt;
  &lt;li&gt;Bake for 20 minutes&lt;/li&gt;
&lt;/ol&gt;</code></pre>
<p>Use <code>&lt;ul&gt;</code> when order does not matter and <code>&lt;ol&gt;</code> when it does. <code>&lt;strong&gt;</code> and <code>&lt;em&gt;</code> add meaning (importance and emphasis), not just bold or italic style.</p>`,
      },
      {
        title: 'Links and images',
        link: '/media/lessons/html-3.webm',
        captions: '/media/lessons/html-3.vtt',
        description: `<p>Links connect pages together. The <code>href</code> attribute can point to another site, a page on your own site, or an element with an <code>id</code> on the same page.</p>
<pre><code class="language-html">&lt;a href="https://developer.mozilla.org/"&gt;MDN Web Docs&lt;/a&gt;
&lt;a href="/about"&gt;About us&lt;/a&gt;
&lt;a href="#pricing"&gt;Jump to pricing&lt;/a&gt;

&lt;img src="/images/cat.jpg" alt="A grey cat sleeping on a keyboard"
     width="640" height="360" loading="lazy"&gt;</code></pre>
<ul>
  <li>Always write a meaningful <code>alt</code> text; use <code>alt=""</code> for purely decorative images.</li>
  <li>Set <code>width</code> and <code>height</code> so the layout does not jump while the image loads.</li>
  <li>Link text should make sense on its own: avoid “click here”.</li>
</ul>`,
      },
      {
        title: 'Semantic layout elements',
        link: '/media/lessons/html-4.webm',
        captions: '/media/lessons/html-4.vtt',
        description: `<p>Before HTML5, pages were built from dozens of anonymous <code>&lt;div&gt;</code> elements. Semantic elements describe the role of each region, which helps screen readers, search engines and your future self.</p>
<pre><code class="language-html">&lt;header&gt;
  &lt;nav&gt;&lt;a href="/"&gt;Home&lt;/a&gt; &lt;a href="/blog"&gt;Blog&lt;/a&gt;&lt;/nav&gt;
&lt;/header&gt;
&lt;main&gt;
  &lt;article&gt;
    &lt;h1&gt;Why semantics matter&lt;/h1&gt;
    &lt;p&gt;...&lt;/p&gt;
  &lt;/article&gt;
  &lt;aside&gt;Related posts&lt;/aside&gt;
&lt;/main&gt;
&lt;footer&gt;&amp;copy; 2023 DevCourses&lt;/footer&gt;</code></pre>
<p>Rule of thumb: if an element exists for what you mean, use it. Reach for <code>&lt;div&gt;</code> and <code>&lt;span&gt;</code> only when you need a box for styling.</p>`,
      },
      {
        title: 'Tables for tabular data',
        link: '/media/lessons/html-5.webm',
        captions: '/media/lessons/html-5.vtt',
        description: `<p>Tables are for data that has rows and columns, such as a timetable or a price list, never for page layout.</p>
<pre><code class="language-html">&lt;table&gt;
  &lt;caption&gt;Course prices&lt;/caption&gt;
  &lt;thead&gt;
    &lt;tr&gt;&lt;th scope="col"&gt;Course&lt;/th&gt;&lt;th scope="col"&gt;Price&lt;/th&gt;&lt;/tr&gt;
  &lt;/thead&gt;
  &lt;tbody&gt;
    &lt;tr&gt;&lt;td&gt;HTML&lt;/td&gt;&lt;td&gt;Free&lt;/td&gt;&lt;/tr&gt;
    &lt;tr&gt;&lt;td&gt;CSS&lt;/td&gt;&lt;td&gt;Free&lt;/td&gt;&lt;/tr&gt;
  &lt;/tbody&gt;
&lt;/table&gt;</code></pre>
<p>The <code>&lt;caption&gt;</code> names the table and <code>scope</code> on header cells tells assistive technology which cells each header describes.</p>`,
      },
    ],
  },

  // ---------------------------------------------------------------- CSS
  {
    title: 'CSS Fundamentals',
    cover: '/media/covers/css.svg',
    description:
      '<p>Style your pages with modern CSS, from selectors and the box model to Flexbox and Grid. ' +
      'Every lesson ends with a small layout you can reuse in real projects. ' +
      'Finish the course and you will build responsive pages without a framework.</p>',
    lessons: [
      {
        title: 'Selectors, specificity and the cascade',
        link: '/media/lessons/css-1.webm',
        captions: '/media/lessons/css-1.vtt',
        description: `<p>A CSS rule is a selector plus declarations. When several rules target the same element, the browser picks the winner by <strong>origin</strong>, then <strong>specificity</strong>, then <strong>source order</strong>.</p>
<pre><code class="language-css">p { color: #333; }              /* 0-0-1 */
.intro { color: navy; }         /* 0-1-0 */
#lead { color: crimson; }       /* 1-0-0 */
article p.intro { color: teal; } /* 0-1-2 */</code></pre>
<p>Prefer class selectors: they are specific enough, reusable and easy to override. Avoid IDs and <code>!important</code> in stylesheets, they make later changes painful.</p>`,
      },
      {
        title: 'The box model',
        link: '/media/lessons/css-2.webm',
        captions: '/media/lessons/css-2.vtt',
        description: `<p>Every element is a rectangular box made of <strong>content</strong>, <strong>padding</strong>, <strong>border</strong> and <strong>margin</strong>. By default, <code>width</code> sets only the content size, so padding and border make the box larger than you asked for.</p>
<pre><code class="language-css">*, *::before, *::after {
  box-sizing: border-box;
}

.card {
  width: 300px;      /* includes padding and border */
  padding: 16px;
  border: 1px solid #ddd;
  margin-block: 24px;
}</code></pre>
<p>With <code>box-sizing: border-box</code> the width you write is the width you get. Almost every modern project starts with this reset.</p>`,
      },
      {
        title: 'Flexbox basics',
        link: '/media/lessons/css-3.webm',
        captions: '/media/lessons/css-3.vtt',
        description: `<p>Flexbox lays out items along one axis, a row or a column. It is perfect for navigation bars, toolbars, cards in a row and centring things.</p>
<pre><code class="language-css">.toolbar {
  display: flex;
  align-items: center;       /* cross axis */
  justify-content: space-between; /* main axis */
  gap: 12px;
}
.toolbar .search {
  flex: 1;                   /* take the remaining space */
}</code></pre>
<ul>
  <li><code>justify-content</code> distributes space along the main axis.</li>
  <li><code>align-items</code> aligns items on the cross axis.</li>
  <li><code>gap</code> adds space between items without margins.</li>
</ul>`,
      },
      {
        title: 'CSS Grid basics',
        link: '/media/lessons/css-4.webm',
        captions: '/media/lessons/css-4.vtt',
        description: `<p>Grid works in two dimensions at once. Define columns (and optionally rows) on the container and let items flow into the cells.</p>
<pre><code class="language-css">.gallery {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 16px;
}</code></pre>
<p>This single rule creates a responsive gallery: as many 200&nbsp;px columns as fit, each stretched to share the leftover space. No media query required.</p>`,
      },
      {
        title: 'Responsive design with media queries',
        link: '/media/lessons/css-5.webm',
        captions: '/media/lessons/css-5.vtt',
        description: `<p>Write styles for small screens first, then add rules for wider viewports. Mobile-first CSS is usually shorter because small layouts are simpler.</p>
<pre><code class="language-css">.layout {
  display: grid;
  gap: 24px;
}

@media (min-width: 768px) {
  .layout {
    grid-template-columns: 240px 1fr;
  }
}</code></pre>
<p>Do not forget the viewport meta tag in your HTML, otherwise mobile browsers will render the desktop layout and zoom out.</p>`,
      },
    ],
  },

  // ---------------------------------------------------------------- JavaScript
  {
    title: 'JavaScript Essentials',
    cover: '/media/covers/javascript.svg',
    description:
      '<p>Make your pages interactive with the JavaScript you will actually use every day. ' +
      'We cover variables, functions, arrays, the DOM and fetching data with async/await. ' +
      'Each lesson is short and built around a runnable example.</p>',
    lessons: [
      {
        title: 'Variables and types',
        link: '/media/lessons/javascript-1.webm',
        captions: '/media/lessons/javascript-1.vtt',
        description: `<p>Declare values with <code>const</code> by default and switch to <code>let</code> only when the variable must be reassigned. Forget <code>var</code>: its function scope and hoisting cause surprising bugs.</p>
<pre><code class="language-js">const name = 'Ada';        // string
let visits = 0;            // number
visits += 1;
const isAdmin = false;     // boolean
const user = { name, visits }; // object

typeof name;   // 'string'
typeof null;   // 'object' (a historic quirk)</code></pre>
<p>Note that <code>const</code> prevents reassignment, not mutation: you can still change <code>user.visits</code>.</p>`,
      },
      {
        title: 'Functions and arrow functions',
        link: '/media/lessons/javascript-2.webm',
        captions: '/media/lessons/javascript-2.vtt',
        description: `<p>Functions package logic you can reuse. Arrow functions are a shorter syntax that is ideal for callbacks.</p>
<pre><code class="language-js">function greet(name = 'stranger') {
  return 'Hello, ' + name + '!';
}

const square = (n) =&gt; n * n;

greet();        // 'Hello, stranger!'
square(4);      // 16</code></pre>
<p>Arrow functions do not have their own <code>this</code>; they use the <code>this</code> of the surrounding code. That makes them great inside methods, but unsuitable as object methods themselves.</p>`,
      },
      {
        title: 'Arrays: map, filter and reduce',
        link: '/media/lessons/javascript-3.webm',
        captions: '/media/lessons/javascript-3.vtt',
        description: `<p>Instead of writing loops by hand, describe what you want with array methods. They return new arrays and leave the original untouched.</p>
<pre><code class="language-js">const prices = [12, 5, 30, 8];

const withTax = prices.map((p) =&gt; p * 1.2);
const cheap   = prices.filter((p) =&gt; p &lt; 10);
const total   = prices.reduce((sum, p) =&gt; sum + p, 0);

console.log(cheap, total); // [5, 8] 55</code></pre>
<p>Always pass an initial value to <code>reduce</code>; without it, an empty array throws a <code>TypeError</code>.</p>`,
      },
      {
        title: 'Working with the DOM',
        link: '/media/lessons/javascript-4.webm',
        captions: '/media/lessons/javascript-4.vtt',
        description: `<p>The DOM is the live tree of elements the browser built from your HTML. JavaScript can find elements, change them and react to events.</p>
<pre><code class="language-js">const button = document.querySelector('#like');
const counter = document.querySelector('#likes');
let likes = 0;

button.addEventListener('click', () =&gt; {
  likes += 1;
  counter.textContent = String(likes);
});</code></pre>
<p>Use <code>textContent</code> for text. Assigning user input to <code>innerHTML</code> opens the door to cross-site scripting (XSS).</p>`,
      },
      {
        title: 'Fetching data with async/await',
        link: '/media/lessons/javascript-5.webm',
        captions: '/media/lessons/javascript-5.vtt',
        description: `<p><code>fetch</code> returns a promise. With <code>async</code>/<code>await</code> you can write asynchronous code that reads top to bottom.</p>
<pre><code class="language-js">async function loadCourses() {
  const res = await fetch('/api/courses');
  if (!res.ok) {
    throw new Error('HTTP ' + res.status);
  }
  return res.json();
}

loadCourses()
  .then((courses) =&gt; console.log(courses.length))
  .catch((err) =&gt; console.error(err));</code></pre>
<p>Remember that <code>fetch</code> only rejects on network errors. A 404 or 500 response resolves normally, so check <code>res.ok</code> yourself.</p>`,
      },
    ],
  },

  // ---------------------------------------------------------------- Python
  {
    title: 'Python from Scratch',
    cover: '/media/covers/python.svg',
    description:
      '<p>Start programming with Python, a readable language used for scripting, data and the web. ' +
      'You will write small, practical scripts from the first lesson. ' +
      'By the end you will be comfortable with collections, functions, files and errors.</p>',
    lessons: [
      {
        title: 'Your first Python script',
        link: '/media/lessons/python-1.webm',
        captions: '/media/lessons/python-1.vtt',
        description: `<p>Install Python 3 from python.org or your system package manager, then check it works with <code>python3 --version</code>. Create a file called <code>hello.py</code>:</p>
<pre><code class="language-python">name = input("What is your name? ")
print(f"Hello, {name}!")</code></pre>
<p>Run it with <code>python3 hello.py</code>. The <code>f"..."</code> prefix creates an f-string, which inserts the value of any expression written between braces.</p>`,
      },
      {
        title: 'Lists, dictionaries and comprehensions',
        link: '/media/lessons/python-2.webm',
        captions: '/media/lessons/python-2.vtt',
        description: `<p>Lists hold ordered items; dictionaries map keys to values. Together they cover most everyday data.</p>
<pre><code class="language-python">scores = [72, 95, 58, 88]
student = {"name": "Lin", "scores": scores}

passed = [s for s in scores if s &gt;= 60]
squares = {n: n * n for n in range(1, 5)}

print(passed)   # [72, 95, 88]
print(squares)  # {1: 1, 2: 4, 3: 9, 4: 16}</code></pre>
<p>Comprehensions are concise, but keep them simple. If one grows beyond a single readable line, write a normal <code>for</code> loop instead.</p>`,
      },
      {
        title: 'Functions and type hints',
        link: '/media/lessons/python-3.webm',
        captions: '/media/lessons/python-3.vtt',
        description: `<p>Define functions with <code>def</code>. Type hints are optional and not enforced at runtime, but they document intent and let editors and tools like mypy catch mistakes.</p>
<pre><code class="language-python">def average(values: list[float], default: float = 0.0) -&gt; float:
    """Return the mean of values, or default if empty."""
    if not values:
        return default
    return sum(values) / len(values)

average([3, 4, 5])  # 4.0
average([])         # 0.0</code></pre>
<p>Never use a mutable value such as <code>[]</code> as a default argument: it is created once and shared between calls.</p>`,
      },
      {
        title: 'Reading and writing files',
        link: '/media/lessons/python-4.webm',
        captions: '/media/lessons/python-4.vtt',
        description: `<p>Open files with a <code>with</code> block. It closes the file automatically, even if an error happens halfway through.</p>
<pre><code class="language-python">from pathlib import Path

path = Path("notes.txt")
path.write_text("first line\\nsecond line\\n", encoding="utf-8")

with path.open(encoding="utf-8") as f:
    for number, line in enumerate(f, start=1):
        print(number, line.rstrip())</code></pre>
<p>Always pass <code>encoding="utf-8"</code>; the default encoding depends on the operating system.</p>`,
      },
      {
        title: 'Handling errors with try/except',
        link: '/media/lessons/python-5.webm',
        captions: '/media/lessons/python-5.vtt',
        description: `<p>Exceptions signal that something went wrong. Catch the specific exceptions you can handle and let the rest propagate.</p>
<pre><code class="language-python">def parse_age(text: str) -&gt; int | None:
    try:
        age = int(text)
    except ValueError:
        return None
    else:
        return age if age &gt;= 0 else None
    finally:
        print("parsed:", text)</code></pre>
<ul>
  <li><code>else</code> runs only when no exception was raised.</li>
  <li><code>finally</code> always runs, which is useful for clean-up.</li>
  <li>A bare <code>except:</code> also swallows <code>KeyboardInterrupt</code>; avoid it.</li>
</ul>`,
      },
    ],
  },

  // ---------------------------------------------------------------- Git
  {
    title: 'Git and GitHub Workflow',
    cover: '/media/covers/git.svg',
    description:
      '<p>Track every change to your code and collaborate safely using Git and GitHub. ' +
      'You will learn the daily commands, branching, working with remotes and how to undo mistakes. ' +
      'All examples run in a terminal on any operating system.</p>',
    lessons: [
      {
        title: 'Why version control?',
        link: '/media/lessons/git-1.webm',
        captions: '/media/lessons/git-1.vtt',
        description: `<p>Git records snapshots of your project called <strong>commits</strong>. You can compare them, go back in time, and work on several ideas in parallel without copying folders around.</p>
<pre><code class="language-bash">git config --global user.name "Ada Lovelace"
git config --global user.email "ada@example.com"

mkdir my-project &amp;&amp; cd my-project
git init
git status</code></pre>
<p><code>git status</code> is the command you will run most often: it tells you which files changed and what Git will do on the next commit.</p>`,
      },
      {
        title: 'Staging and committing',
        link: '/media/lessons/git-2.webm',
        captions: '/media/lessons/git-2.vtt',
        description: `<p>Git has three areas: the <strong>working tree</strong> (your files), the <strong>staging area</strong> (what will go into the next commit) and the <strong>history</strong>.</p>
<pre><code class="language-bash">git add index.html style.css   # stage specific files
git diff --staged              # review what you staged
git commit -m "Add landing page layout"
git log --oneline</code></pre>
<p>Staging lets you split unrelated changes into separate, focused commits. <code>git add -p</code> even lets you stage individual hunks of a file.</p>`,
      },
      {
        title: 'Branches and merging',
        link: '/media/lessons/git-3.webm',
        captions: '/media/lessons/git-3.vtt',
        description: `<p>A branch is a movable pointer to a commit. Creating one is instant, so make a branch for every feature or fix.</p>
<pre><code class="language-bash">git switch -c feature/search   # create and switch
# ...edit, add, commit...
git switch main
git merge feature/search
git branch -d feature/search</code></pre>
<p>If both branches changed the same lines, Git stops with a <strong>merge conflict</strong>. Edit the marked sections, <code>git add</code> the files and run <code>git commit</code> to finish.</p>`,
      },
      {
        title: 'Working with remotes',
        link: '/media/lessons/git-4.webm',
        captions: '/media/lessons/git-4.vtt',
        description: `<p>A remote is another copy of the repository, usually on GitHub or GitLab. You <em>push</em> your commits to it and <em>pull</em> other people's commits from it.</p>
<pre><code class="language-bash">git remote add origin git@github.com:you/my-project.git
git push -u origin main     # first push, sets upstream
git pull --rebase           # get new commits, replay yours on top</code></pre>
<p>Pull often, push small commits, and open a pull request so a teammate can review the change before it reaches <code>main</code>.</p>`,
      },
      {
        title: 'Undoing mistakes',
        link: '/media/lessons/git-5.webm',
        captions: '/media/lessons/git-5.vtt',
        description: `<p>Almost everything in Git can be undone. Pick the command that matches where the mistake is:</p>
<ul>
  <li><code>git restore file.txt</code> discards uncommitted changes in a file.</li>
  <li><code>git restore --staged file.txt</code> unstages a file but keeps the changes.</li>
  <li><code>git commit --amend</code> fixes the last commit (only if not pushed yet).</li>
  <li><code>git revert &lt;sha&gt;</code> creates a new commit that undoes an old one, safe on shared branches.</li>
</ul>
<pre><code class="language-bash">git reflog                 # find the commit you "lost"
git switch -c rescue 3f2a1bc</code></pre>
<p>The reflog remembers where your branches pointed recently, so even a bad reset can usually be recovered.</p>`,
      },
    ],
  },

  // ---------------------------------------------------------------- React
  {
    title: 'React: Building Modern UIs',
    cover: '/media/covers/react.svg',
    description:
      '<p>Build fast, interactive user interfaces with React components, props, state and hooks. ' +
      'We start from JSX and finish with data fetching and forms. ' +
      'Basic JavaScript knowledge is recommended before you start.</p>',
    lessons: [
      {
        title: 'Components and JSX',
        link: '/media/lessons/react-1.webm',
        captions: '/media/lessons/react-1.vtt',
        description: `<p>A React component is a function that returns UI. JSX looks like HTML but compiles to JavaScript function calls, so you can embed any expression in braces.</p>
<pre><code class="language-jsx">function Welcome() {
  const user = 'Grace';
  return (
    &lt;section className="welcome"&gt;
      &lt;h1&gt;Hello, {user}!&lt;/h1&gt;
      &lt;p&gt;You have {3 + 2} new lessons.&lt;/p&gt;
    &lt;/section&gt;
  );
}</code></pre>
<p>Component names must start with a capital letter, and you write <code>className</code> instead of <code>class</code>.</p>`,
      },
      {
        title: 'Passing data with props',
        link: '/media/lessons/react-2.webm',
        captions: '/media/lessons/react-2.vtt',
        description: `<p>Props are the arguments of a component. The parent decides their values; the child only reads them.</p>
<pre><code class="language-tsx">type CourseCardProps = { title: string; lessons: number };

function CourseCard({ title, lessons }: CourseCardProps) {
  return (
    &lt;article&gt;
      &lt;h2&gt;{title}&lt;/h2&gt;
      &lt;p&gt;{lessons} lessons&lt;/p&gt;
    &lt;/article&gt;
  );
}

&lt;CourseCard title="CSS Fundamentals" lessons={5} /&gt;</code></pre>
<p>Never modify props. If a value needs to change over time, it belongs in state.</p>`,
      },
      {
        title: 'State with useState',
        link: '/media/lessons/react-3.webm',
        captions: '/media/lessons/react-3.vtt',
        description: `<p>State is data that changes while the component is on screen. Calling the setter schedules a re-render with the new value.</p>
<pre><code class="language-jsx">import { useState } from 'react';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    &lt;button onClick={() =&gt; setCount((c) =&gt; c + 1)}&gt;
      Clicked {count} times
    &lt;/button&gt;
  );
}</code></pre>
<p>When the new state depends on the previous one, pass an updater function like <code>c =&gt; c + 1</code> so rapid clicks are never lost.</p>`,
      },
      {
        title: 'Side effects with useEffect',
        link: '/media/lessons/react-4.webm',
        captions: '/media/lessons/react-4.vtt',
        description: `<p><code>useEffect</code> synchronises a component with something outside React: a timer, a subscription, the document title or a network request.</p>
<pre><code class="language-jsx">useEffect(() =&gt; {
  const id = setInterval(() =&gt; setSeconds((s) =&gt; s + 1), 1000);
  return () =&gt; clearInterval(id); // clean-up
}, []);</code></pre>
<ul>
  <li>The dependency array lists every reactive value the effect reads.</li>
  <li>The returned function runs before the next effect and on unmount.</li>
  <li>If you are only computing a value from props or state, you do not need an effect.</li>
</ul>`,
      },
      {
        title: 'Rendering lists with keys',
        link: '/media/lessons/react-5.webm',
        captions: '/media/lessons/react-5.vtt',
        description: `<p>Render arrays with <code>map</code>. Each item needs a stable <code>key</code> so React can tell which items were added, removed or moved.</p>
<pre><code class="language-jsx">function LessonList({ lessons }) {
  return (
    &lt;ol&gt;
      {lessons.map((lesson) =&gt; (
        &lt;li key={lesson.id}&gt;{lesson.title}&lt;/li&gt;
      ))}
    &lt;/ol&gt;
  );
}</code></pre>
<p>Use an ID from your data. Array indexes as keys break as soon as the list is reordered or filtered, and input state ends up on the wrong row.</p>`,
      },
      {
        title: 'Controlled forms',
        link: '/media/lessons/react-6.webm',
        captions: '/media/lessons/react-6.vtt',
        description: `<p>In a controlled input, React state is the single source of truth: the input shows the state and every keystroke updates it.</p>
<pre><code class="language-jsx">function SearchForm({ onSearch }) {
  const [query, setQuery] = useState('');

  function handleSubmit(event) {
    event.preventDefault();
    onSearch(query.trim());
  }

  return (
    &lt;form onSubmit={handleSubmit}&gt;
      &lt;label htmlFor="q"&gt;Search&lt;/label&gt;
      &lt;input id="q" value={query} onChange={(e) =&gt; setQuery(e.target.value)} /&gt;
      &lt;button type="submit"&gt;Go&lt;/button&gt;
    &lt;/form&gt;
  );
}</code></pre>
<p>Keep a real <code>&lt;form&gt;</code> and a submit button: pressing Enter then works and the form stays accessible.</p>`,
      },
    ],
  },
];
