// The colour theme, applied before the first paint (a blocking script in <head>, so a dark-theme reader never sees
// a flash of the light one): the theme chosen in this browser with the navbar's toggle, else the system's.
// src/web/lib/theme.ts owns the same storage key and attribute once the app runs.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage can be off (privacy settings): follow the system.
  }
  var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
