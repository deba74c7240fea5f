// The browser and system of a session, read from its User-Agent for the person's list of sessions. A short parser
// of the main browsers and systems, checked in the order that matters (Edge and Opera say "Chrome" too, Chrome says
// "Safari", every Android says "Linux"); anything else is named honestly as unknown.

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_OS = 'Unknown system';

/** [name, pattern whose first group is the version]; the first that matches names the browser. */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Vivaldi', /\bVivaldi\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//],
  ['Internet Explorer', /(?:\bMSIE (\d+)|\bTrident\/.*\brv:(\d+))/],
  ['curl', /^curl\/(\d+)/],
];

const SYSTEMS: [string, RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

export interface ParsedUserAgent {
  browser: string;
  os: string;
}

/** 'Firefox 133' and 'Windows', say; unknown parts named as such (a missing header too). */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 1000);
  let browser = UNKNOWN_BROWSER;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (!match) continue;
    const version = match.slice(1).find((v) => v !== undefined);
    browser = version ? `${name} ${version}` : name;
    break;
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? UNKNOWN_OS;
  return { browser, os };
}
