import type { SeedBlog } from './types';

export const blogs: SeedBlog[] = [
  {
    title: 'How to learn programming without burning out',
    date: '2023-01-17',
    content: `<p>Learning to code is a marathon, not a sprint, and the people who succeed are rarely the ones who study twelve hours on day one. They are the ones who are still writing code six months later.</p>
<p>Aim for a small, steady habit: thirty to sixty minutes a day beats a heroic weekend followed by two weeks of nothing. Consistency keeps yesterday's ideas fresh, so every session starts from where you stopped instead of from scratch.</p>
<p>Mix passive and active learning. Watching a lesson feels productive, but real understanding comes when you close the video and rebuild the example yourself, then change it: add a button, break it on purpose, fix it again.</p>
<p>Finally, expect to feel stuck. Confusion is not a sign that programming is not for you; it is what learning feels like from the inside. Take a walk, write down the exact question you are trying to answer, and come back tomorrow.</p>`,
  },
  {
    title: 'Reading error messages: the skill nobody teaches',
    date: '2023-02-09',
    content: `<p>An error message is the computer telling you exactly what went wrong and, very often, where. Yet many beginners see red text and jump straight to changing random lines.</p>
<p>Start at the right place. In a Python traceback the most useful line is usually the <strong>last</strong> one, with the exception type and message; the lines above show how the program got there. In a JavaScript stack trace the <strong>first</strong> line after the message is the closest to the problem.</p>
<pre><code class="language-text">TypeError: Cannot read properties of undefined (reading 'title')
    at renderCourse (course.js:14:27)</code></pre>
<p>Read it literally: something on line 14 of <code>course.js</code> tried to read <code>.title</code> from a value that was <code>undefined</code>. Now the question is no longer “why is it broken?” but “why is that variable undefined?”, which is something you can investigate.</p>
<p>When you do search the web, copy the generic part of the message and leave out your own file names and values. Someone has almost certainly seen it before.</p>`,
  },
  {
    title: 'Why we teach HTML before JavaScript',
    date: '2023-03-06',
    content: `<p>New students often ask to skip straight to JavaScript or React, because that is where the jobs and the excitement seem to be. We understand, but we still start every learning path with HTML.</p>
<p>Every React component ends up as HTML in the browser. If you do not know which element to use for a button, a list or a form field, no framework will fix it, and your app will be harder to use with a keyboard or a screen reader.</p>
<p>HTML also teaches you for free what many developers later re-implement badly in JavaScript: links that open in a new tab, forms that validate themselves, details that expand and collapse, native date pickers.</p>
<p>The good news is that the basics take days, not months. Spend that time, and everything you learn afterwards will stand on a solid foundation.</p>`,
  },
  {
    title: 'CSS :has() is the parent selector we always wanted',
    date: '2023-04-18',
    content: `<p>For years, CSS could only select elements based on their ancestors and previous siblings, never on what they contain. The new :has() pseudo-class changes that and removes a whole category of JavaScript hacks.</p>
<pre><code class="language-css">/* Cards that contain an image get a different layout */
.card:has(img) {
  display: grid;
  grid-template-columns: 120px 1fr;
}

/* Highlight a form field whose input is invalid */
.field:has(input:invalid) label {
  color: crimson;
}</code></pre>
<p>Think of <code>A:has(B)</code> as “an A that contains a B”. The argument can be any relative selector, so <code>h2:has(+ p)</code> matches a heading directly followed by a paragraph.</p>
<p>At the time of writing, :has() works in Chrome, Edge and Safari, while Firefox support is still in progress. Use it as a progressive enhancement, or check support with <code>@supports selector(:has(a))</code>.</p>`,
  },
  {
    title: 'Node.js 20: the built-in test runner is stable',
    date: '2023-05-11',
    content: `<p>Node.js 20 was released in April, and one change is especially welcome for learners: the built-in test runner is now stable, so you can write tests without installing anything.</p>
<pre><code class="language-js">import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from './slugify.js';

test('turns titles into URL slugs', () =&gt; {
  assert.equal(slugify('Hello, World!'), 'hello-world');
});</code></pre>
<p>Run it with <code>node --test</code> and Node finds test files automatically. It supports subtests, mocking, watch mode and reporters, which covers most small and medium projects.</p>
<p>Node 20 also introduces an experimental permission model that can restrict file system access and child processes, and an upgraded V8 engine with newer JavaScript features. Remember that even-numbered releases become long-term support versions in October, so Node 20 is a good target for new projects.</p>`,
  },
  {
    title: 'Rubber duck debugging really works',
    date: '2023-06-20',
    content: `<p>Rubber duck debugging means explaining your code, line by line, to an inanimate object until you spot the bug yourself. It sounds like a joke, but it is one of the most effective techniques we know.</p>
<p>The trick is that explaining forces you to slow down and state your assumptions out loud. “This function receives a list of courses…” and suddenly you realise it actually receives a single course.</p>
<p>You do not need an actual duck. Writing a detailed question for a forum or a colleague works the same way, which is why so many questions are solved before anyone answers them.</p>
<p>Next time you have been stuck for more than twenty minutes, stop changing code. Describe the problem from the beginning: what you expected, what happened instead, and what you have already ruled out.</p>`,
  },
  {
    title: 'Five Git aliases that save us time every day',
    date: '2023-07-25',
    content: `<p>Git commands can be long, and typing them dozens of times a day adds up. Aliases let you create your own short commands, and a handful of them can make your daily workflow noticeably faster.</p>
<pre><code class="language-bash">git config --global alias.st "status --short --branch"
git config --global alias.co switch
git config --global alias.lg "log --oneline --graph --decorate -20"
git config --global alias.amend "commit --amend --no-edit"
git config --global alias.undo "reset --soft HEAD~1"</code></pre>
<p><code>git lg</code> is the one we use most: a compact graph of the last twenty commits that shows branches and merges at a glance. <code>git undo</code> removes the last commit but keeps its changes staged, perfect when you committed too early.</p>
<p>Aliases are stored in <code>~/.gitconfig</code>, so you can copy that file to a new machine. Just be careful with <code>amend</code> and <code>undo</code> on commits you have already pushed.</p>`,
  },
  {
    title: 'Accessibility quick wins for your next project',
    date: '2023-08-29',
    content: `<p>Accessibility can feel like a huge topic, but a few habits fix the majority of problems real users run into. You can apply all of them this week, in any project.</p>
<ul>
  <li><strong>Use real buttons and links.</strong> A <code>&lt;div&gt;</code> with a click handler cannot be reached with the Tab key.</li>
  <li><strong>Label every form field</strong> with a <code>&lt;label&gt;</code>, not just a placeholder.</li>
  <li><strong>Write useful alt text</strong> for meaningful images and <code>alt=""</code> for decorative ones.</li>
  <li><strong>Keep a visible focus outline.</strong> Never remove <code>:focus-visible</code> styles without replacing them.</li>
  <li><strong>Check colour contrast</strong>: body text needs a ratio of at least 4.5:1.</li>
</ul>
<p>Then try the simplest test of all: unplug your mouse and use your site with the keyboard only. If you can reach and operate everything, you are already ahead of most of the web.</p>
<p>Browser developer tools include an accessibility tree and contrast checker, and automated tools like Lighthouse or axe catch many issues in seconds.</p>`,
  },
  {
    title: 'Python 3.12 is out: the highlights',
    date: '2023-10-03',
    content: `<p>Python 3.12 was released on October 2 with friendlier error messages, more flexible f-strings and a cleaner syntax for generic types. Here is what matters most for everyday code.</p>
<p><strong>F-strings are now fully part of the grammar</strong> (PEP 701). You can reuse the same quote type inside the braces, write multi-line expressions and even add comments.</p>
<pre><code class="language-python">names = ["Ada", "Grace"]
print(f"Speakers: {", ".join(names)}")</code></pre>
<p><strong>Type parameter syntax</strong> (PEP 695) makes generic functions and classes shorter: <code>def first[T](items: list[T]) -&gt; T: ...</code>, and the new <code>type</code> statement declares type aliases.</p>
<p>Error messages keep improving too: a <code>NameError</code> for a missing import now suggests something like “Did you forget to import 'sys'?”. As always, wait until your key libraries publish wheels for the new version before upgrading production projects.</p>`,
  },
  {
    title: 'Build your first portfolio project: a checklist',
    date: '2023-10-24',
    content: `<p>A finished small project is worth more than ten ambitious ones abandoned halfway. This checklist helps you pick, build and present a portfolio project that employers will actually look at.</p>
<ol>
  <li><strong>Solve a real problem</strong>, ideally your own: a habit tracker, a recipe scaler, a tool for your club.</li>
  <li><strong>Keep the first version tiny.</strong> Write down three features and ship those before adding anything else.</li>
  <li><strong>Use Git from day one</strong> with small, clearly described commits.</li>
  <li><strong>Deploy it.</strong> A live link is far more convincing than a screenshot.</li>
  <li><strong>Write a README</strong> with a short description, a screenshot, how to run it and what you learned.</li>
</ol>
<p>Reviewers care less about the idea than about how you worked: readable code, sensible structure, a few tests and a history that shows your thinking.</p>
<p>When you are done, share it and ask for feedback. Then build the next one a little bigger.</p>`,
  },
  {
    title: 'Writing tests you will actually keep',
    date: '2023-11-14',
    content: `<p>Many developers try testing, write a pile of fragile tests, and give up when every small change breaks twenty of them. The fix is not fewer tests but better ones.</p>
<p><strong>Test behaviour, not implementation.</strong> Check what a function returns or what a user sees on the screen, not which internal helper was called. Then you can refactor freely while the tests keep guarding the result.</p>
<pre><code class="language-js">// Fragile: knows about internals
expect(cart.items.length).toBe(2);

// Robust: checks the behaviour users care about
expect(cart.total()).toBe(42);</code></pre>
<p>Give each test a name that reads like a sentence, such as “shows an error when the email is already taken”. When it fails, the name alone should tell you what broke.</p>
<p>Finally, keep tests fast. A suite that runs in seconds gets run on every change; one that takes ten minutes gets skipped.</p>`,
  },
  {
    title: 'Our favourite free resources for learning web development',
    date: '2023-12-12',
    content: `<p>Our courses are a starting point, not the finish line. These free resources are the ones our own team keeps coming back to, whether we are beginners or have been coding for years.</p>
<ul>
  <li><strong>MDN Web Docs</strong> – the reference for HTML, CSS and JavaScript, with browser compatibility tables.</li>
  <li><strong>web.dev</strong> – in-depth guides on performance, accessibility and modern CSS.</li>
  <li><strong>react.dev</strong> – the official React documentation, rewritten around hooks with interactive examples.</li>
  <li><strong>The Python Tutorial</strong> on docs.python.org – still one of the clearest introductions to the language.</li>
  <li><strong>Pro Git</strong> – the complete Git book, free to read online.</li>
</ul>
<p>Official documentation can look intimidating at first, but learning to read it is a skill that pays off for your whole career. Start by looking up something you used today.</p>
<p>Happy holidays, and see you in the new year with new courses.</p>`,
  },
];
