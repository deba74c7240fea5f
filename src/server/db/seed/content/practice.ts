// The demo catalogue's practice: per course, exercises (JavaScript, TypeScript and Python) and a quiz after some of
// its lessons. Every exercise's reference solution passes all its tests and its starter code fails at least one;
// practice.test.ts runs the save-time check over each of them, so the seed may store them as checked.
import type { SeedPractice } from './types';

const js = 'javascript' as const;
const ts = 'typescript' as const;
const py = 'python' as const;

export const practice: SeedPractice[] = [
  // ---------------------------------------------------------------- HTML
  {
    course: 'HTML for Beginners',
    lesson: 0,
    items: [
      {
        kind: 'exercise',
        title: 'Escape text for HTML',
        prompt:
          '<p>Write <code>escapeHtml(text)</code> so that text shows as written inside a page: replace <code>&amp;</code>, <code>&lt;</code>, <code>&gt;</code> and <code>"</code> by their entities.</p>',
        language: js,
        starterCode: 'function escapeHtml(text) {\n  return text;\n}\n',
        solution:
          "function escapeHtml(text) {\n  return text\n    .replaceAll('&', '&amp;')\n    .replaceAll('<', '&lt;')\n    .replaceAll('>', '&gt;')\n    .replaceAll('\"', '&quot;');\n}\n",
        tests: [
          { name: 'escapes a tag', code: "assert.equal(escapeHtml('<b>'), '&lt;b&gt;');", hidden: false },
          { name: 'leaves plain text alone', code: "assert.equal(escapeHtml('Hello'), 'Hello');", hidden: false },
          {
            name: 'escapes the ampersand first',
            code: "assert.equal(escapeHtml('&lt;'), '&amp;lt;');",
            hidden: true,
          },
        ],
      },
    ],
  },
  {
    course: 'HTML for Beginners',
    lesson: 1,
    items: [
      {
        kind: 'exercise',
        title: 'Build a heading',
        prompt:
          '<p>Write <code>heading(level, text)</code> answering the HTML of a heading, such as <code>&lt;h2&gt;Intro&lt;/h2&gt;</code>. A level below 1 is 1 and above 6 is 6.</p>',
        language: ts,
        starterCode: 'function heading(level: number, text: string): string {\n  return text;\n}\n',
        solution:
          'function heading(level: number, text: string): string {\n  const n = Math.min(6, Math.max(1, level));\n  return `<h${n}>${text}</h${n}>`;\n}\n',
        tests: [
          { name: 'a level-2 heading', code: "assert.equal(heading(2, 'Intro'), '<h2>Intro</h2>');", hidden: false },
          { name: 'level 9 becomes 6', code: "assert.equal(heading(9, 'x'), '<h6>x</h6>');", hidden: false },
          { name: 'level 0 becomes 1', code: "assert.equal(heading(0, 'y'), '<h1>y</h1>');", hidden: true },
        ],
      },
      {
        kind: 'quiz',
        title: 'HTML structure',
        questions: [
          {
            text: 'Which element holds the content shown in the browser window?',
            multiple: false,
            choices: [
              { text: '<head>', correct: false },
              { text: '<body>', correct: true },
              { text: '<meta>', correct: false },
            ],
            explanation: 'The head holds information about the page; the body holds what is shown.',
          },
          {
            text: 'Which of these are list elements?',
            multiple: true,
            choices: [
              { text: '<ul>', correct: true },
              { text: '<ol>', correct: true },
              { text: '<p>', correct: false },
            ],
            explanation: '<ul> is an unordered list, <ol> an ordered one; <p> is a paragraph.',
          },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- CSS
  {
    course: 'CSS Fundamentals',
    lesson: 1,
    items: [
      {
        kind: 'exercise',
        title: 'Pixels to rem',
        prompt:
          '<p>Write <code>pxToRem(px, base = 16)</code> answering a CSS length in rem, such as <code>"1.5rem"</code> for 24 px.</p>',
        language: js,
        starterCode: 'function pxToRem(px, base = 16) {\n  return px + "px";\n}\n',
        solution: 'function pxToRem(px, base = 16) {\n  return `${px / base}rem`;\n}\n',
        tests: [
          { name: '24px is 1.5rem', code: "assert.equal(pxToRem(24), '1.5rem');", hidden: false },
          { name: 'another base', code: "assert.equal(pxToRem(20, 10), '2rem');", hidden: true },
        ],
      },
      {
        kind: 'quiz',
        title: 'The box model',
        questions: [
          {
            text: 'With box-sizing: border-box, what does width include?',
            multiple: false,
            choices: [
              { text: 'The content only', correct: false },
              { text: 'Content, padding and border', correct: true },
              { text: 'Content, padding, border and margin', correct: false },
            ],
            explanation: 'border-box counts padding and border inside the width; margins stay outside.',
          },
        ],
      },
    ],
  },
  {
    course: 'CSS Fundamentals',
    lesson: 4,
    items: [
      {
        kind: 'exercise',
        title: 'Hex colour to RGB',
        prompt:
          '<p>Write <code>hex_to_rgb(colour)</code> turning <code>"#ff8800"</code> into the tuple <code>(255, 136, 0)</code>.</p>',
        language: py,
        starterCode: 'def hex_to_rgb(colour):\n    return (0, 0, 0)\n',
        solution:
          'def hex_to_rgb(colour):\n    value = colour.lstrip("#")\n    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))\n',
        tests: [
          {
            name: 'orange',
            code: 'assert hex_to_rgb("#ff8800") == (255, 136, 0), "#ff8800 should be (255, 136, 0)"',
            hidden: false,
          },
          {
            name: 'white',
            code: 'assert hex_to_rgb("#ffffff") == (255, 255, 255), "#ffffff should be white"',
            hidden: true,
          },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- JavaScript
  {
    course: 'JavaScript Essentials',
    lesson: 1,
    items: [
      {
        kind: 'exercise',
        title: 'Add two numbers',
        prompt: '<p>Write a function <code>add(a, b)</code> that returns the sum of its two arguments.</p>',
        language: js,
        starterCode: 'function add(a, b) {\n  // your code here\n}\n',
        solution: 'function add(a, b) {\n  return a + b;\n}\n',
        tests: [
          { name: 'adds 2 and 3', code: 'assert.strictEqual(add(2, 3), 5);', hidden: false },
          { name: 'adds negative numbers', code: 'assert.strictEqual(add(-4, -6), -10);', hidden: false },
          { name: 'adds zero', code: 'assert.strictEqual(add(0, 41), 41);', hidden: true },
        ],
      },
    ],
  },
  {
    course: 'JavaScript Essentials',
    lesson: 2,
    items: [
      {
        kind: 'exercise',
        title: 'Count the words',
        prompt:
          '<p>Write <code>countWords(text)</code> answering how often each word occurs, in lower case: <code>countWords("a b A")</code> is <code>{ a: 2, b: 1 }</code>.</p>',
        language: ts,
        starterCode: 'function countWords(text: string): Record<string, number> {\n  return {};\n}\n',
        solution:
          'function countWords(text: string): Record<string, number> {\n  const counts: Record<string, number> = {};\n  for (const word of text.toLowerCase().split(/\\s+/).filter(Boolean)) {\n    counts[word] = (counts[word] ?? 0) + 1;\n  }\n  return counts;\n}\n',
        tests: [
          {
            name: 'counts repeated words',
            code: "assert.deepStrictEqual(countWords('a b A'), { a: 2, b: 1 });",
            hidden: false,
          },
          { name: 'an empty text', code: "assert.deepStrictEqual(countWords(''), {});", hidden: false },
          {
            name: 'extra spaces',
            code: "assert.deepStrictEqual(countWords('  hi   there hi '), { hi: 2, there: 1 });",
            hidden: true,
          },
        ],
      },
      {
        kind: 'quiz',
        title: 'Arrays and functions',
        questions: [
          {
            text: 'What does [1, 2, 3].map((n) => n * 2) return?',
            multiple: false,
            choices: [
              { text: '[2, 4, 6]', correct: true },
              { text: '12', correct: false },
              { text: '[1, 2, 3]', correct: false },
            ],
            explanation: 'map returns a new array with the function applied to each item.',
          },
          {
            text: 'Which methods return a new array?',
            multiple: true,
            choices: [
              { text: 'filter', correct: true },
              { text: 'map', correct: true },
              { text: 'forEach', correct: false },
              { text: 'reduce (always)', correct: false },
            ],
            explanation: 'forEach returns undefined; reduce returns whatever the reducer builds.',
          },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- Python
  {
    course: 'Python from Scratch',
    lesson: 1,
    items: [
      {
        kind: 'exercise',
        title: 'Square the even numbers',
        prompt:
          '<p>Write <code>square_evens(numbers)</code> with a list comprehension: the squares of the even numbers, in order.</p>',
        language: py,
        starterCode: 'def square_evens(numbers):\n    return numbers\n',
        solution: 'def square_evens(numbers):\n    return [n * n for n in numbers if n % 2 == 0]\n',
        tests: [
          {
            name: 'squares the evens',
            code: 'assert square_evens([1, 2, 3, 4]) == [4, 16], "expected [4, 16]"',
            hidden: false,
          },
          { name: 'an empty list', code: 'assert square_evens([]) == [], "expected []"', hidden: false },
          { name: 'negative numbers', code: 'assert square_evens([-2, -3]) == [4], "expected [4]"', hidden: true },
        ],
      },
      {
        kind: 'quiz',
        title: 'Lists and dictionaries',
        questions: [
          {
            text: 'What does len({"a": 1, "b": 2}) return?',
            multiple: false,
            choices: [
              { text: '2', correct: true },
              { text: '4', correct: false },
              { text: '1', correct: false },
            ],
            explanation: 'len of a dictionary counts its keys.',
          },
          {
            text: 'Which of these are mutable?',
            multiple: true,
            choices: [
              { text: 'list', correct: true },
              { text: 'dict', correct: true },
              { text: 'tuple', correct: false },
              { text: 'str', correct: false },
            ],
            explanation: 'Tuples and strings cannot be changed after they are made.',
          },
        ],
      },
    ],
  },
  {
    course: 'Python from Scratch',
    lesson: 4,
    items: [
      {
        kind: 'exercise',
        title: 'Divide safely',
        prompt:
          '<p>Write <code>safe_divide(a, b)</code> answering <code>a / b</code>, or <code>None</code> when <code>b</code> is zero: catch the <code>ZeroDivisionError</code>.</p>',
        language: py,
        starterCode: 'def safe_divide(a, b):\n    return a / b\n',
        solution:
          'def safe_divide(a, b):\n    try:\n        return a / b\n    except ZeroDivisionError:\n        return None\n',
        tests: [
          { name: 'divides', code: 'assert safe_divide(6, 3) == 2, "6 / 3 should be 2"', hidden: false },
          {
            name: 'zero gives None',
            code: 'assert safe_divide(1, 0) is None, "dividing by zero should give None"',
            hidden: false,
          },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- Git
  {
    course: 'Git and GitHub Workflow',
    lesson: 1,
    items: [
      {
        kind: 'exercise',
        title: 'Short commit hash',
        prompt:
          '<p>Git shows commits by the first 7 characters of their hash. Write <code>shortHash(hash)</code> answering them, in lower case.</p>',
        language: js,
        starterCode: 'function shortHash(hash) {\n  return hash;\n}\n',
        solution: 'function shortHash(hash) {\n  return hash.slice(0, 7).toLowerCase();\n}\n',
        tests: [
          {
            name: 'seven characters',
            code: "assert.equal(shortHash('d9c9bd280990168c3d607eecfb1aa162c943fb95'), 'd9c9bd2');",
            hidden: false,
          },
          { name: 'lower case', code: "assert.equal(shortHash('ABCDEF0123'), 'abcdef0');", hidden: true },
        ],
      },
      {
        kind: 'exercise',
        title: 'A commit subject',
        prompt:
          '<p>Write <code>subject(message)</code> answering the first line of a commit message without surrounding spaces.</p>',
        language: py,
        starterCode: 'def subject(message):\n    return message\n',
        solution:
          'def subject(message):\n    return message.strip().splitlines()[0].strip() if message.strip() else ""\n',
        tests: [
          {
            name: 'the first line',
            code: 'assert subject("Fix crash\\n\\nThe list was empty") == "Fix crash", "expected the first line"',
            hidden: false,
          },
          { name: 'an empty message', code: 'assert subject("") == "", "expected an empty subject"', hidden: true },
        ],
      },
      {
        kind: 'quiz',
        title: 'Staging and committing',
        questions: [
          {
            text: 'Which command adds changes to the staging area?',
            multiple: false,
            choices: [
              { text: 'git add', correct: true },
              { text: 'git commit', correct: false },
              { text: 'git push', correct: false },
            ],
            explanation: 'git add stages; git commit records what is staged.',
          },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- React
  {
    course: 'React: Building Modern UIs',
    lesson: 1,
    items: [
      {
        kind: 'exercise',
        title: 'Join class names',
        prompt:
          "<p>Write <code>classNames(...names)</code> joining the truthy arguments with one space, as components do for conditional classes: <code>classNames('card', false, 'active')</code> is <code>'card active'</code>.</p>",
        language: js,
        starterCode: 'function classNames(...names) {\n  return names.join(" ");\n}\n',
        solution: 'function classNames(...names) {\n  return names.filter(Boolean).join(" ");\n}\n',
        tests: [
          {
            name: 'skips false',
            code: "assert.equal(classNames('card', false, 'active'), 'card active');",
            hidden: false,
          },
          { name: 'nothing at all', code: "assert.equal(classNames(null, undefined, ''), '');", hidden: true },
        ],
      },
    ],
  },
  {
    course: 'React: Building Modern UIs',
    lesson: 2,
    items: [
      {
        kind: 'exercise',
        title: 'Toggle a todo without mutating',
        prompt:
          '<p>State must never be changed in place. Write <code>toggle(todos, id)</code> answering a new array where the todo with that id has <code>done</code> flipped, every other todo unchanged.</p>',
        language: ts,
        starterCode:
          'type Todo = { id: number; text: string; done: boolean };\n\nfunction toggle(todos: Todo[], id: number): Todo[] {\n  const todo = todos.find((t) => t.id === id);\n  if (todo) todo.done = !todo.done;\n  return todos;\n}\n',
        solution:
          'type Todo = { id: number; text: string; done: boolean };\n\nfunction toggle(todos: Todo[], id: number): Todo[] {\n  return todos.map((t) => (t.id === id ? { ...t, done: !t.done } : t));\n}\n',
        tests: [
          {
            name: 'flips the todo',
            code: "assert.deepStrictEqual(toggle([{ id: 1, text: 'a', done: false }], 1), [{ id: 1, text: 'a', done: true }]);",
            hidden: false,
          },
          {
            name: 'answers a new array and leaves the old one alone',
            code: "const before = [{ id: 1, text: 'a', done: false }];\nconst after = toggle(before, 1);\nassert.notStrictEqual(after, before);\nassert.strictEqual(before[0].done, false);",
            hidden: false,
          },
        ],
      },
      {
        kind: 'quiz',
        title: 'State and props',
        questions: [
          {
            text: 'How does a component change its state?',
            multiple: false,
            choices: [
              { text: 'By assigning to the state variable', correct: false },
              { text: 'By calling the setter useState gave it', correct: true },
            ],
            explanation: 'The setter schedules a new render with the new value; assigning changes nothing React sees.',
          },
          {
            text: 'Which are true of props?',
            multiple: true,
            choices: [
              { text: 'A parent passes them to a child', correct: true },
              { text: 'A component must not change its own props', correct: true },
              { text: 'They persist between page loads', correct: false },
            ],
            explanation: 'Props flow down from parents and are read-only inside the component.',
          },
        ],
      },
    ],
  },
];
