// @vitest-environment happy-dom
// The rendered page's starter: what the reader does before React has hydrated is held and handed to the app, and the
// page's scripts leave their template once the page has painted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_HYDRATING, APP_STARTED, PAGE_MODULES_ID } from './contract';
import startPage from './page-starter';

/** What reaches the app: each click and key press that arrives at the document once the app listens, and whether
 *  something before it (the starter) had already stopped the browser's own action. */
type Heard = { type: string; target: EventTarget | null; prevented: boolean; key?: string; ctrlKey?: boolean };
let heard: Heard[];
let appListens = false;
function app(event: Event) {
  if (!appListens) return;
  const entry: Heard = { type: event.type, target: event.target, prevented: event.defaultPrevented };
  if (event instanceof KeyboardEvent) Object.assign(entry, { key: event.key, ctrlKey: event.ctrlKey });
  heard.push(entry);
}
/** Whether the browser would act on the last click (follow a link): nothing stopped it. The test document itself
 *  follows no link. */
let browserActs: boolean | undefined;
function browser(event: Event) {
  browserActs = !event.defaultPrevented;
  event.preventDefault();
}

/** A rendered page: its markup and its scripts held in the template. */
function renderedPage(body: string) {
  document.head.innerHTML = '';
  document.body.innerHTML = `${body}<template id="${PAGE_MODULES_ID}"><meta name="page-module" /></template>`;
}

/** What main.tsx announces: React takes the page over, then has committed it. */
function hydrate() {
  document.dispatchEvent(new Event(APP_HYDRATING));
  appListens = true;
  document.dispatchEvent(new Event(APP_STARTED));
}

const byId = (id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id}`);
  return element;
};
function click(element: Element, init: MouseEventInit = {}): boolean | undefined {
  browserActs = undefined;
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  return browserActs;
}
const keyDown = (element: Element, init: KeyboardEventInit) =>
  element.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

beforeEach(() => {
  heard = [];
  appListens = false;
  document.addEventListener('click', app);
  document.addEventListener('keydown', app);
  window.addEventListener('click', browser);
});
afterEach(() => {
  // A test that did not hydrate leaves the starter listening: end it on an empty page.
  document.body.innerHTML = '';
  hydrate();
  document.removeEventListener('click', app);
  document.removeEventListener('keydown', app);
  window.removeEventListener('click', browser);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the starter of a rendered page', () => {
  it("puts the page's scripts into the head once the page has painted, not before", async () => {
    renderedPage('<p>content</p>');
    startPage();
    expect(document.head.querySelector('meta[name="page-module"]')).toBeNull();
    await vi.waitFor(() => expect(document.head.querySelector('meta[name="page-module"]')).not.toBeNull());
  });

  it('holds a click on a plain button made before hydration and hands it to the app once it has started', () => {
    renderedPage('<button id="open" type="button">Open</button><button id="other" type="button">Other</button>');
    startPage();
    click(byId('other'));
    click(byId('open'));
    expect(heard).toEqual([]);
    hydrate();
    // The last one only, once.
    expect(heard).toEqual([{ type: 'click', target: byId('open'), prevented: false }]);
  });

  it('holds a click on a link of the site: the browser does not follow it, the app gets it', () => {
    renderedPage('<a id="courses" href="/course"><span id="label">Courses</span></a>');
    startPage();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    expect(click(byId('label'))).toBe(false);
    hydrate();
    expect(heard).toEqual([{ type: 'click', target: byId('courses'), prevented: false }]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('follows a held link as a plain link if the app is not there within 3 s', () => {
    vi.useFakeTimers();
    renderedPage('<a id="courses" href="/course">Courses</a>');
    startPage();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    click(byId('courses'));
    vi.advanceTimersByTime(2999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith(`${location.origin}/course`);
  });

  it("follows a held link as a plain link when the app's first render replaced it", () => {
    renderedPage('<a id="courses" href="/course">Courses</a>');
    startPage();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    click(byId('courses'));
    document.dispatchEvent(new Event(APP_HYDRATING));
    document.body.innerHTML = '<a id="courses" href="/course">Courses</a>';
    document.dispatchEvent(new Event(APP_STARTED));
    expect(assign).toHaveBeenCalledWith(`${location.origin}/course`);
  });

  it.each([
    ['another site', '<a id="link" href="https://example.org/">x</a>', {}],
    ['another window', '<a id="link" href="/course" target="_blank">x</a>', {}],
    ['a download', '<a id="link" href="/file.txt" download>x</a>', {}],
    ['a jump within the page', '<a id="link" href="#comments">x</a>', {}],
    ['a Ctrl+click', '<a id="link" href="/course">x</a>', { ctrlKey: true }],
    ['a middle click', '<a id="link" href="/course">x</a>', { button: 1 }],
  ])('leaves %s to the browser', (_name, markup, init: MouseEventInit) => {
    renderedPage(markup);
    startPage();
    expect(click(byId('link'), init)).toBe(true);
    hydrate();
    expect(heard).toEqual([]);
  });

  it('holds Enter on the read-only search box as a click on it', () => {
    renderedPage('<input id="search" readonly />');
    startPage();
    keyDown(byId('search'), { key: 'Enter' });
    hydrate();
    expect(heard).toEqual([{ type: 'click', target: byId('search'), prevented: false }]);
  });

  it('holds the search shortcut and hands it to the app; "/" typed in a field stays text', () => {
    renderedPage('<input id="field" />');
    startPage();
    expect(keyDown(byId('field'), { key: '/' })).toBe(true);
    expect(keyDown(document.body, { key: 'k', ctrlKey: true })).toBe(false);
    hydrate();
    expect(heard).toEqual([{ type: 'keydown', target: document.body, key: 'k', ctrlKey: true, prevented: false }]);
  });

  it("holds '/' typed on a read-only field as the search shortcut: it takes no text", () => {
    renderedPage('<input id="box" readonly />');
    startPage();
    expect(keyDown(byId('box'), { key: '/' })).toBe(false);
    hydrate();
    expect(heard).toEqual([{ type: 'keydown', target: document.body, key: '/', ctrlKey: false, prevented: false }]);
  });

  it('holds the search shortcut while React hydrates, until it has committed: the navbar listens from an effect', () => {
    renderedPage('<button id="open" type="button">Open</button>');
    startPage();
    document.dispatchEvent(new Event(APP_HYDRATING));
    expect(keyDown(document.body, { key: '/' })).toBe(false);
    appListens = true;
    document.dispatchEvent(new Event(APP_STARTED));
    expect(heard).toEqual([{ type: 'keydown', target: document.body, key: '/', ctrlKey: false, prevented: false }]);
    heard.length = 0;
    expect(keyDown(document.body, { key: '/' })).toBe(true);
    expect(heard).toEqual([{ type: 'keydown', target: document.body, key: '/', ctrlKey: false, prevented: false }]);
  });

  it('holds nothing once React hydrates: it hears the page itself', () => {
    renderedPage('<button id="open" type="button">Open</button>');
    startPage();
    document.dispatchEvent(new Event(APP_HYDRATING));
    click(byId('open'));
    appListens = true;
    document.dispatchEvent(new Event(APP_STARTED));
    expect(heard).toEqual([]);
  });

  it('does nothing on a page without the template (the account pages, the Studio)', () => {
    document.body.innerHTML = '<a id="link" href="/course">x</a>';
    startPage();
    expect(click(byId('link'))).toBe(true);
  });
});
