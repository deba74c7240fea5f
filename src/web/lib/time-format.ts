// Times as learners read and write them: '3:12', '1:02:03', and the `?t=` of a link ('192', '3m12s', '1h2m3s').
// (A course's length, '1 h 5 min', is formatLength in ./format.ts, which the home page's cards already load.)

/** m:ss, or h:mm:ss from an hour on; negative or broken values read 0:00. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The start of a `?t=` link in seconds ('192', '192s', '3m12s', '1h2m', '3:12'), or null when it is not one. */
export function parseStartTime(value: string | null): number | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  if (/^\d+(\.\d+)?s?$/.test(text)) return parseFloat(text);
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (units && text !== '') {
    const [, h = '0', m = '0', s = '0'] = units;
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  }
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  return null;
}
