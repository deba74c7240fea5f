import type { SeedTutorial } from './types';

export const tutorials: SeedTutorial[] = [
  // ---------------------------------------------------------------- Flexbox
  {
    title: 'Flexbox in 10 minutes',
    image: '/media/tutorials/flexbox.svg',
    content: `<p>Flexbox is the CSS layout model for arranging items in a single row or column. It handles spacing, alignment and resizing for you, which used to require floats and clever hacks.</p>
<img src="/media/tutorials/flexbox.svg" alt="Three boxes laid out in a row with an arrow showing the main axis" width="640" height="360">
<h2>The container and its items</h2>
<p>Flexbox always involves two levels: the <strong>flex container</strong>, which gets <code>display: flex</code>, and its direct children, the <strong>flex items</strong>. Grandchildren are not affected.</p>
<pre><code class="language-html">&lt;nav class="menu"&gt;
  &lt;a href="/"&gt;Home&lt;/a&gt;
  &lt;a href="/courses"&gt;Courses&lt;/a&gt;
  &lt;a href="/blog"&gt;Blog&lt;/a&gt;
&lt;/nav&gt;</code></pre>
<pre><code class="language-css">.menu {
  display: flex;
  gap: 1rem;
}</code></pre>
<h2>Main axis and cross axis</h2>
<p><code>flex-direction</code> sets the <strong>main axis</strong>: <code>row</code> (the default) runs left to right, <code>column</code> runs top to bottom. The <strong>cross axis</strong> is perpendicular to it.</p>
<ul>
  <li><code>justify-content</code> distributes items along the main axis: <code>flex-start</code>, <code>center</code>, <code>space-between</code>, <code>space-around</code>, <code>space-evenly</code>.</li>
  <li><code>align-items</code> aligns items on the cross axis: <code>stretch</code> (default), <code>center</code>, <code>flex-start</code>, <code>flex-end</code>, <code>baseline</code>.</li>
</ul>
<h3>Centring anything</h3>
<pre><code class="language-css">.hero {
  display: flex;
  justify-content: center;
  align-items: center;
  min-height: 60vh;
}</code></pre>
<h2>Growing and shrinking</h2>
<p>The <code>flex</code> shorthand on an item sets <code>flex-grow</code>, <code>flex-shrink</code> and <code>flex-basis</code>. The most useful values are:</p>
<ul>
  <li><code>flex: 1</code> – share the free space equally with other <code>flex: 1</code> items.</li>
  <li><code>flex: none</code> – keep the natural size, never grow or shrink.</li>
  <li><code>flex: 0 0 240px</code> – a fixed 240&nbsp;px sidebar.</li>
</ul>
<pre><code class="language-css">.layout { display: flex; }
.layout aside { flex: 0 0 240px; }
.layout main  { flex: 1; min-width: 0; }</code></pre>
<p>The <code>min-width: 0</code> is a classic fix: flex items will not shrink below their content width by default, so long words or code blocks can overflow without it.</p>
<h2>Wrapping</h2>
<p>By default all items stay on one line. Add <code>flex-wrap: wrap</code> to let them flow onto new lines, e.g. for a list of tags. If you need items to line up in both rows and columns, that is a job for CSS Grid instead.</p>`,
  },

  // ---------------------------------------------------------------- async/await
  {
    title: 'Async/await explained',
    image: '/media/tutorials/async-await.svg',
    content: `<p>JavaScript runs your code on a single thread, so slow operations like network requests are asynchronous: they start now and finish later. <code>async</code>/<code>await</code> is syntax that makes this kind of code read like ordinary, sequential code.</p>
<img src="/media/tutorials/async-await.svg" alt="A clock icon representing asynchronous work" width="640" height="360">
<h2>Promises in one paragraph</h2>
<p>A <strong>promise</strong> is an object representing a value that will be available in the future. It is <em>pending</em> at first, then either <em>fulfilled</em> with a value or <em>rejected</em> with an error. You react to it with <code>.then()</code> and <code>.catch()</code>.</p>
<pre><code class="language-js">fetch('/api/user')
  .then((res) =&gt; res.json())
  .then((user) =&gt; console.log(user.name))
  .catch((err) =&gt; console.error('Failed:', err));</code></pre>
<h2>The same code with async/await</h2>
<p>Inside an <code>async</code> function, <code>await</code> pauses the function until the promise settles, then gives you its value. Errors become ordinary exceptions you catch with <code>try</code>/<code>catch</code>.</p>
<pre><code class="language-js">async function showUser() {
  try {
    const res = await fetch('/api/user');
    const user = await res.json();
    console.log(user.name);
  } catch (err) {
    console.error('Failed:', err);
  }
}</code></pre>
<p>An <code>async</code> function always returns a promise, even if you return a plain value. Callers must <code>await</code> it too, or use <code>.then()</code>.</p>
<h2>Running things in parallel</h2>
<p>A common mistake is awaiting independent operations one after another. Each <code>await</code> waits for the previous one, so the total time is the sum of all requests.</p>
<pre><code class="language-js">// Slow: about 2 round trips
const user = await getUser(id);
const courses = await getCourses();

// Fast: both requests start immediately
const [user2, courses2] = await Promise.all([getUser(id), getCourses()]);</code></pre>
<p><code>Promise.all</code> rejects as soon as one promise rejects. Use <code>Promise.allSettled</code> when you want every result, successful or not.</p>
<h3>Await in loops</h3>
<p><code>await</code> inside a <code>for...of</code> loop processes items strictly one by one, which is right when order matters or you must limit load on a server. <code>array.forEach(async ...)</code>, on the other hand, does <em>not</em> wait at all; avoid it.</p>
<h2>Key takeaways</h2>
<ul>
  <li><code>await</code> only works inside <code>async</code> functions (and at the top level of ES modules).</li>
  <li>Wrap awaits in <code>try</code>/<code>catch</code> where you can actually handle the error.</li>
  <li>Start independent work together and await it with <code>Promise.all</code>.</li>
</ul>`,
  },

  // ---------------------------------------------------------------- Python venv
  {
    title: 'Python virtual environments',
    image: '/media/tutorials/python-venv.svg',
    content: `<p>A virtual environment is a folder containing its own Python interpreter and installed packages. Each project gets one, so upgrading a library for one project can never break another.</p>
<img src="/media/tutorials/python-venv.svg" alt="A dashed box labelled .venv isolating project packages" width="640" height="360">
<h2>Creating an environment</h2>
<p>The <code>venv</code> module ships with Python 3. Run it from the root of your project:</p>
<pre><code class="language-bash">cd my-project
python3 -m venv .venv</code></pre>
<p>The name <code>.venv</code> is a widely used convention that editors such as VS Code detect automatically. Add it to your <code>.gitignore</code>: environments are not portable and should never be committed.</p>
<h2>Activating it</h2>
<pre><code class="language-bash"># macOS / Linux
source .venv/bin/activate

# Windows (PowerShell)
.venv\\Scripts\\Activate.ps1</code></pre>
<p>Your prompt now shows <code>(.venv)</code>, and <code>python</code> and <code>pip</code> point inside the environment. Run <code>deactivate</code> to leave it. Activation is only a convenience: you can also call <code>.venv/bin/python</code> directly, which is handy in scripts and cron jobs.</p>
<h2>Installing and recording dependencies</h2>
<pre><code class="language-bash">python -m pip install requests rich
python -m pip freeze &gt; requirements.txt</code></pre>
<p>Teammates can then recreate the same environment:</p>
<pre><code class="language-bash">python3 -m venv .venv
source .venv/bin/activate
python -m pip install -r requirements.txt</code></pre>
<h3>Why python -m pip?</h3>
<p>Running pip through <code>python -m</code> guarantees that packages are installed for the interpreter you are actually using, not for some other Python that happens to be first on your <code>PATH</code>.</p>
<h2>Common problems</h2>
<ul>
  <li><strong>“externally-managed-environment” error</strong>: your OS protects the system Python. Create a venv instead of using <code>sudo pip</code>.</li>
  <li><strong>Packages “disappear”</strong>: you opened a new terminal and forgot to activate the environment.</li>
  <li><strong>Moved the project folder</strong>: environments contain absolute paths. Delete <code>.venv</code> and create it again.</li>
</ul>`,
  },

  // ---------------------------------------------------------------- Git commit
  {
    title: 'Writing a good Git commit',
    image: '/media/tutorials/git-commit.svg',
    content: `<p>Your commit history is documentation that never goes out of date. A good commit is small, focused and explains <em>why</em> a change was made, so that future readers (often you) can understand it months later.</p>
<img src="/media/tutorials/git-commit.svg" alt="A line of commits on a branch, the latest one highlighted" width="640" height="360">
<h2>One logical change per commit</h2>
<p>Do not mix a bug fix, a refactoring and a formatting change in one commit. Separate commits are easier to review, to revert and to find with <code>git bisect</code>. Use the staging area to split your work:</p>
<pre><code class="language-bash">git add -p            # choose hunks interactively
git commit            # opens your editor for the message
git add -p
git commit</code></pre>
<h2>The shape of a message</h2>
<pre><code class="language-text">Fix crash when a course has no lessons

The course page assumed lessons[0] always existed and threw
a TypeError for newly created courses. Show an empty state
instead and add a test for the zero-lesson case.

Closes #142</code></pre>
<h3>The subject line</h3>
<ul>
  <li>Keep it around 50 characters, hard limit 72.</li>
  <li>Use the imperative mood: “Fix crash”, not “Fixed crash” or “Fixes crash”. It should complete the sentence “If applied, this commit will…”.</li>
  <li>Capitalise the first word and do not end with a period.</li>
</ul>
<h3>The body</h3>
<p>Leave one blank line after the subject, then wrap text at about 72 characters. Explain the problem and why you solved it this way; the diff already shows <em>what</em> changed. Reference issues or tickets at the end.</p>
<h2>Conventional Commits</h2>
<p>Many teams add a type prefix so tools can generate changelogs and version numbers automatically:</p>
<pre><code class="language-text">feat(search): add filter by course level
fix(player): resume video at last position
docs: explain local setup in README</code></pre>
<h2>Before you push</h2>
<p>Rewriting history is fine while commits are only on your machine. Use <code>git commit --amend</code> to fix the last message, or <code>git rebase -i</code> to squash “wip” commits into meaningful ones. Once a branch is shared, prefer new commits over rewriting.</p>`,
  },

  // ---------------------------------------------------------------- useEffect
  {
    title: 'React useEffect pitfalls',
    image: '/media/tutorials/react-useeffect.svg',
    content: `<p><code>useEffect</code> is the most misused React hook. Most bugs come from three sources: missing dependencies, missing clean-up, and using an effect where none is needed.</p>
<img src="/media/tutorials/react-useeffect.svg" alt="A circular arrow symbolising the effect lifecycle" width="640" height="360">
<h2>Pitfall 1: you do not need an effect</h2>
<p>If a value can be computed from props or state, compute it during render. Copying it into state with an effect causes an extra render and values that are briefly out of sync.</p>
<pre><code class="language-jsx">// Avoid
const [fullName, setFullName] = useState('');
useEffect(() =&gt; {
  setFullName(first + ' ' + last);
}, [first, last]);

// Prefer
const fullName = first + ' ' + last;</code></pre>
<p>Similarly, logic that responds to a user action (sending a form, showing a toast) belongs in the event handler, not in an effect.</p>
<h2>Pitfall 2: lying about dependencies</h2>
<p>Every reactive value the effect reads must be in the dependency array. Leaving one out does not make the effect faster; it makes it use a stale value.</p>
<pre><code class="language-jsx">useEffect(() =&gt; {
  const conn = createConnection(roomId);
  conn.connect();
  return () =&gt; conn.disconnect();
}, [roomId]); // reconnects whenever the room changes</code></pre>
<p>Enable the <code>react-hooks/exhaustive-deps</code> ESLint rule. If it asks for a dependency you do not want, change the code (for example move a helper function inside the effect) rather than silencing the rule.</p>
<h2>Pitfall 3: infinite loops</h2>
<p>An effect that sets state which is also one of its dependencies will run forever. Objects and arrays created during render are a sneaky variant: they are new on every render, so the effect always sees a “changed” dependency.</p>
<pre><code class="language-jsx">// Runs after every render: options is a new object each time
const options = { level: 'beginner' };
useEffect(() =&gt; { load(options); }, [options]);

// Fix: depend on the primitive value
useEffect(() =&gt; { load({ level }); }, [level]);</code></pre>
<h2>Pitfall 4: race conditions when fetching</h2>
<p>If the user switches quickly between pages, an older request may finish after a newer one and overwrite the screen with the wrong data. Ignore outdated responses in the clean-up:</p>
<pre><code class="language-jsx">useEffect(() =&gt; {
  let ignore = false;
  fetch('/api/courses/' + id)
    .then((res) =&gt; res.json())
    .then((data) =&gt; { if (!ignore) setCourse(data); });
  return () =&gt; { ignore = true; };
}, [id]);</code></pre>
<p>In real apps, a data library such as TanStack Query handles caching, retries and these races for you.</p>
<h3>Why does my effect run twice?</h3>
<p>In development, React Strict Mode mounts, unmounts and re-mounts each component once to reveal missing clean-up. It does not happen in production. If running twice breaks something, your effect needs a clean-up function.</p>`,
  },

  // ---------------------------------------------------------------- Forms
  {
    title: 'Semantic HTML forms',
    image: '/media/tutorials/html-forms.svg',
    content: `<p>Well-built forms are easier to fill in, work with keyboards and screen readers, and get free validation from the browser. Most of it comes from choosing the right HTML elements and attributes.</p>
<img src="/media/tutorials/html-forms.svg" alt="A simple form with two input fields and a submit button" width="640" height="360">
<h2>Every input needs a label</h2>
<p>A <code>&lt;label&gt;</code> connected with <code>for</code>/<code>id</code> is read aloud by screen readers, and clicking it focuses the field, which makes small checkboxes much easier to hit. Placeholders are not labels: they disappear as soon as the user types.</p>
<pre><code class="language-html">&lt;form action="/signup" method="post"&gt;
  &lt;label for="email"&gt;Email&lt;/label&gt;
  &lt;input id="email" name="email" type="email"
         autocomplete="email" required&gt;

  &lt;label for="password"&gt;Password&lt;/label&gt;
  &lt;input id="password" name="password" type="password"
         autocomplete="new-password" minlength="8" required
         aria-describedby="password-hint"&gt;
  &lt;p id="password-hint"&gt;At least 8 characters.&lt;/p&gt;

  &lt;button type="submit"&gt;Create account&lt;/button&gt;
&lt;/form&gt;</code></pre>
<h2>Pick the right input type</h2>
<p>Types like <code>email</code>, <code>url</code>, <code>tel</code>, <code>number</code> and <code>date</code> give mobile users the right keyboard and enable built-in validation. The <code>autocomplete</code> attribute lets browsers and password managers fill fields correctly.</p>
<h2>Group related fields</h2>
<p>Use <code>&lt;fieldset&gt;</code> and <code>&lt;legend&gt;</code> for groups of radio buttons or checkboxes. The legend gives the group a name, so the question is read along with each option.</p>
<pre><code class="language-html">&lt;fieldset&gt;
  &lt;legend&gt;Preferred level&lt;/legend&gt;
  &lt;label&gt;&lt;input type="radio" name="level" value="beginner" checked&gt; Beginner&lt;/label&gt;
  &lt;label&gt;&lt;input type="radio" name="level" value="advanced"&gt; Advanced&lt;/label&gt;
&lt;/fieldset&gt;</code></pre>
<h2>Validation</h2>
<h3>Built-in constraints</h3>
<p><code>required</code>, <code>minlength</code>, <code>maxlength</code>, <code>min</code>, <code>max</code> and <code>pattern</code> are checked before the form is submitted. Style invalid fields with the <code>:user-invalid</code> pseudo-class, which only matches after the user has interacted with the field.</p>
<h3>Always validate on the server</h3>
<p>Client-side validation is a convenience for users, not a security measure. Anyone can bypass it, so the server must check every value again.</p>
<h2>Buttons</h2>
<p>A <code>&lt;button&gt;</code> inside a form defaults to <code>type="submit"</code>. Give other buttons <code>type="button"</code> so they do not submit the form by accident, and never build buttons from clickable <code>&lt;div&gt;</code> elements: they are not focusable or keyboard-accessible.</p>`,
  },
  // ---------------------------------------------------------------- Runnable examples
  {
    title: 'Run your first lines of code',
    image: '/media/tutorials/run-code.svg',
    content: `<p>Reading code is a start; running it is how it sticks. Every example below has a <strong>Run</strong> button: press it and the block becomes an editor with its output underneath. Change a line, run it again, and see what happens. Nothing leaves your browser and nothing is installed.</p>
<img src="/media/tutorials/run-code.svg" alt="A play button inside a code window" width="640" height="360">
<h2>JavaScript</h2>
<p>Arrays have methods that build new arrays. Try changing the numbers or the function given to <code>map</code>.</p>
<pre><code class="language-javascript">const prices = [12, 30, 7];
const withTax = prices.map((price) =&gt; price * 1.2);
console.log(withTax);
console.log('Total:', withTax.reduce((sum, p) =&gt; sum + p, 0).toFixed(2));</code></pre>
<h2>TypeScript</h2>
<p>Types catch mistakes before the code runs, and disappear when it does. Here a function takes a typed object.</p>
<pre><code class="language-typescript">type Learner = { name: string; lessonsDone: number };

function greet(learner: Learner): string {
  return \`Hello \${learner.name}, \${learner.lessonsDone} lessons done!\`;
}

console.log(greet({ name: 'Ada', lessonsDone: 3 }));</code></pre>
<h2>Python</h2>
<p>A list comprehension builds a list in one line. Change the condition to keep the odd numbers instead.</p>
<pre><code class="language-python">numbers = range(1, 11)
squares = [n * n for n in numbers if n % 2 == 0]
print(squares)
print("Sum:", sum(squares))</code></pre>
<h2>HTML</h2>
<p>HTML runs too: the result is drawn in a frame below the editor. Add another list item and run it again.</p>
<pre><code class="language-html">&lt;h1&gt;My reading list&lt;/h1&gt;
&lt;ul&gt;
  &lt;li&gt;Eloquent JavaScript&lt;/li&gt;
  &lt;li&gt;Fluent Python&lt;/li&gt;
&lt;/ul&gt;
&lt;p&gt;&lt;strong&gt;2&lt;/strong&gt; books to go.&lt;/p&gt;</code></pre>
<p>When you are ready for more, each course has exercises after its lessons, checked by the same engine on the server.</p>`,
  },
];
