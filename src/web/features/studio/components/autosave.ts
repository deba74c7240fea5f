// The autosave of one edited item (a course, a lesson, a tutorial, a post), outside React so its timers and its
// small state machine can be read in one place and tested without rendering.
//
// - `draft` is what the editor shows; `base` is the item as the server last answered it, with its `version`.
// - A change waits `delay` ms of quiet, then the changed fields go out in one PATCH with the base version.
// - The server may store a field in another form than it was sent (sanitized HTML, a trimmed title). `ack` keeps the
//   value that was sent for each field, so the editor's own text counts as saved and is never replaced under the
//   cursor by the server's form of it.
// - A network failure or a 5xx retries with backoff ('Not saved: retrying'); a 409 stops saving (someone else
//   saved a newer version) until the editor reloads; another 4xx is shown and waits for the next change.
// - A newer version from the server (a refetch) updates the fields nobody touched here; a field changed on both
//   sides is a conflict, like a 409.
import { isApiError } from '../../../lib/api';

export type Fields = Record<string, string | null>;

export interface Saved<F extends Fields> {
  fields: F;
  version: number;
}

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'retrying' | 'failed' | 'conflict';

export interface AutosaveSnapshot<F extends Fields> {
  /** What the editor shows. */
  draft: F;
  /** The fields as the server last answered them. */
  saved: F;
  state: SaveState;
  /** The server's refusal when `state` is 'failed'. */
  error: string | null;
  /** True while something typed here is not yet stored on the server. */
  unsaved: boolean;
  /** After a reload that followed a conflict: the values typed here that were never saved. */
  recovered: Partial<F> | null;
}

export interface AutosaveOptions<F extends Fields> {
  save: (patch: Partial<F> & { version: number }) => Promise<Saved<F>>;
  /** Quiet time after the last change before saving. */
  delay: number;
  /** The wait before retry number `attempt` (1, 2, …). */
  retryDelay?: (attempt: number) => number;
}

export const AUTOSAVE_DELAY_MS = 2000;
const defaultRetryDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 30_000);

type Phase = 'idle' | 'saving' | 'retrying' | 'failed' | 'conflict';

export class Autosave<F extends Fields> {
  private base: Saved<F>;
  private draft: F;
  private ack: Partial<F> = {};
  private phase: Phase = 'idle';
  private error: string | null = null;
  private recovered: Partial<F> | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private debouncing = false;
  private inFlight: Promise<void> | null = null;
  /** A newer server copy that arrived while a save was in flight (it may be that save's own result). */
  private pendingServer: Saved<F> | null = null;
  private stopped = false;
  private readonly listeners = new Set<() => void>();
  private snapshot: AutosaveSnapshot<F>;

  constructor(
    initial: Saved<F>,
    private options: AutosaveOptions<F>,
  ) {
    this.base = initial;
    this.draft = initial.fields;
    this.snapshot = this.makeSnapshot();
  }

  // ---- React's side: useSyncExternalStore ----
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = () => this.snapshot;

  /** The save call, renewed when the editor's closure changes. */
  setSave(save: AutosaveOptions<F>['save']): void {
    this.options = { ...this.options, save };
  }

  // ---- the editor's calls ----
  /** The editor changed a field. */
  set<K extends keyof F>(field: K, value: F[K]): void {
    if (this.draft[field] === value) return;
    this.draft = { ...this.draft, [field]: value };
    if (this.phase === 'failed') {
      this.phase = 'idle';
      this.error = null;
    }
    // While saving, the end of that save schedules the next one; while retrying, the retry sends the latest draft;
    // in a conflict nothing is sent until the editor reloads.
    if (this.phase === 'idle') this.schedule(this.options.delay, true);
    this.emit();
  }

  /** Saves now (a Publish click, say): resolves true when everything typed is stored. */
  async flush(): Promise<boolean> {
    this.clearTimer();
    if (this.inFlight) await this.inFlight;
    if (this.phase === 'conflict') return false;
    await this.run();
    return this.phase === 'idle' && !this.isDirty();
  }

  /** Retry at once (the browser is back online). */
  retryNow(): void {
    if (this.phase === 'retrying') {
      this.clearTimer();
      void this.run();
    }
  }

  /** The server's copy changed (a refetch, or our own save landing in the query cache). */
  serverChanged(server: Saved<F>): void {
    if (server.version <= this.base.version) return;
    if (this.phase === 'saving') {
      this.pendingServer = server;
      return;
    }
    if (this.phase === 'conflict') return; // the editor reloads explicitly
    this.merge(server);
    this.emit();
  }

  /** After a conflict: start again from the server's copy; what was typed and not saved goes to `recovered`. */
  reload(server: Saved<F>): void {
    const lost = this.changed();
    this.clearTimer();
    this.base = server;
    this.draft = server.fields;
    this.ack = {};
    this.phase = 'idle';
    this.error = null;
    this.attempt = 0;
    this.pendingServer = null;
    this.recovered = Object.keys(lost).length > 0 ? lost : null;
    this.emit();
  }

  /** Puts a field back to the server's value (a refused publish), leaving the shown error alone. */
  revert<K extends keyof F>(field: K): void {
    this.draft = { ...this.draft, [field]: this.base.fields[field] };
    delete this.ack[field];
    this.emit();
  }

  /** Puts back what was typed in a field before a conflict's reload; it saves like any other change. */
  restore(field: keyof F): void {
    const recovered = this.recovered;
    if (!recovered || !(field in recovered)) return;
    this.set(field, recovered[field] as F[keyof F]);
  }

  dismissRecovered(): void {
    this.recovered = null;
    this.emit();
  }

  start(): void {
    this.stopped = false;
  }

  /** The editor goes away. A change still waiting out its quiet time is sent now rather than dropped. */
  stop(): void {
    const waiting = this.debouncing;
    this.clearTimer();
    if (waiting && this.phase === 'idle') void this.run();
    this.stopped = true;
  }

  // ---- internals ----
  private isDirtyField(field: keyof F): boolean {
    const value = this.draft[field];
    if (value === this.base.fields[field]) return false;
    return !(field in this.ack && this.ack[field] === value);
  }

  private changed(): Partial<F> {
    const patch: Partial<F> = {};
    for (const field of Object.keys(this.draft) as (keyof F)[]) {
      if (this.isDirtyField(field)) patch[field] = this.draft[field];
    }
    return patch;
  }

  private isDirty(): boolean {
    return Object.keys(this.changed()).length > 0;
  }

  private merge(server: Saved<F>): void {
    let conflict = false;
    const draft = { ...this.draft };
    for (const field of Object.keys(server.fields) as (keyof F)[]) {
      if (server.fields[field] === this.base.fields[field]) continue; // not changed over there
      if (this.isDirtyField(field)) {
        conflict = true;
      } else {
        draft[field] = server.fields[field];
        delete this.ack[field];
      }
    }
    this.draft = draft;
    this.base = server;
    if (conflict) {
      this.clearTimer();
      this.phase = 'conflict';
    }
  }

  private schedule(ms: number, debouncing: boolean): void {
    this.clearTimer();
    this.debouncing = debouncing;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.debouncing = false;
      void this.run();
    }, ms);
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.debouncing = false;
  }

  private run(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (this.phase === 'conflict') return Promise.resolve();
    const patch = this.changed();
    if (Object.keys(patch).length === 0) {
      this.phase = 'idle';
      this.attempt = 0;
      this.emit();
      return Promise.resolve();
    }
    this.phase = 'saving';
    this.emit();
    const sent = this.options.save({ ...patch, version: this.base.version }).then(
      (saved) => this.saved(patch, saved),
      (err: unknown) => this.failed(err),
    );
    this.inFlight = sent.finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private saved(patch: Partial<F>, saved: Saved<F>): void {
    this.base = saved;
    this.ack = { ...this.ack, ...patch };
    this.phase = 'idle';
    this.error = null;
    this.attempt = 0;
    const newer = this.pendingServer;
    this.pendingServer = null;
    if (newer && newer.version > saved.version) this.merge(newer);
    if (this.phase === 'idle' && this.isDirty() && !this.stopped) this.schedule(this.options.delay, true);
    this.emit();
  }

  private failed(err: unknown): void {
    const newer = this.pendingServer;
    this.pendingServer = null;
    if (isApiError(err, 409)) {
      this.phase = 'conflict';
    } else if (isApiError(err) && err.status >= 400 && err.status < 500) {
      this.phase = 'failed';
      this.error = err.message;
    } else {
      // Network failures (status 0), 5xx and anything unexpected may pass: try again, waiting longer each time.
      this.phase = 'retrying';
      this.attempt++;
      if (!this.stopped) this.schedule((this.options.retryDelay ?? defaultRetryDelay)(this.attempt), false);
    }
    if (newer && this.phase !== 'conflict') this.merge(newer);
    this.emit();
  }

  private makeSnapshot(): AutosaveSnapshot<F> {
    const dirty = this.isDirty();
    const state: SaveState = this.phase === 'idle' ? (dirty ? 'unsaved' : 'saved') : this.phase;
    return {
      draft: this.draft,
      saved: this.base.fields,
      state,
      error: this.error,
      unsaved: dirty || this.phase === 'saving',
      recovered: this.recovered,
    };
  }

  private emit(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }
}
