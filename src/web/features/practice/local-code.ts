// A visitor's code for each exercise, kept in this browser until they log in (then merged into the account and
// cleared), so leaving the page, or going to log in to submit, loses nothing.
export const LOCAL_CODE_KEY = 'devcourses-practice-code';
/** As many exercises as one merge takes (`practiceMergeBody`): the oldest go first. */
const KEPT_MAX = 200;

interface LocalCodeEntry {
  code: string;
  updatedAt: number;
}
type LocalCode = Record<string, LocalCodeEntry>;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** What is stored, with anything malformed dropped. */
export function readAllLocalCode(): LocalCode {
  const raw = storage()?.getItem(LOCAL_CODE_KEY);
  if (!raw) return {};
  try {
    const data = JSON.parse(raw) as unknown;
    if (!data || typeof data !== 'object') return {};
    const clean: LocalCode = {};
    for (const [id, value] of Object.entries(data as Record<string, Partial<LocalCodeEntry>>)) {
      if (value && typeof value.code === 'string')
        clean[id] = { code: value.code, updatedAt: typeof value.updatedAt === 'number' ? value.updatedAt : 0 };
    }
    return clean;
  } catch {
    return {};
  }
}

export function readLocalCode(exerciseId: string): string | null {
  return readAllLocalCode()[exerciseId]?.code ?? null;
}

/** Keeps the code, with the newest entries. */
export function saveLocalCode(exerciseId: string, code: string): void {
  const all = readAllLocalCode();
  all[exerciseId] = { code, updatedAt: Date.now() };
  const kept = Object.entries(all)
    .sort((a, b) => b[1].updatedAt - a[1].updatedAt)
    .slice(0, KEPT_MAX);
  try {
    storage()?.setItem(LOCAL_CODE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Full or disabled storage: a visitor's code is best effort.
  }
}

export function clearLocalCode(): void {
  storage()?.removeItem(LOCAL_CODE_KEY);
}
