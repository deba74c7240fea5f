// The one way a request is refused. Services, hooks and routes throw a Refusal of a kind; they know nothing of
// HTTP. The error handler (error-handler.ts) is the only place a kind becomes a status, through KIND_STATUS, and
// answers `{ error: message }` with the headers the refusal carries (Retry-After, for one).

export type RefusalKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported'
  | 'too-many'
  | 'busy';

export const KIND_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  busy: 503,
};

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Headers the answer carries, such as Retry-After on 'too-many' and 'busy'. */
    readonly headers: Readonly<Record<string, string>> = {},
    /** Fields the answer carries beside `error` (a revoked certificate says when and why). */
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }

  /** Fastify reads `statusCode` from an error passed to a callback (a body parser's, for one). */
  get statusCode(): number {
    return KIND_STATUS[this.kind];
  }
}

export const badRequest = (message: string) => new Refusal('invalid', message);
export const unauthorized = (message = 'Please sign in to do this') => new Refusal('unauthorized', message);
export const forbidden = (message = 'You can only change what you wrote') => new Refusal('forbidden', message);
export const notFound = (message = 'Not found') => new Refusal('not-found', message);
export const conflict = (message: string) => new Refusal('conflict', message);
