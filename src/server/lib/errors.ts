// One error type with an HTTP status; the app's error handler turns it into `{ error }`.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to do this') => new HttpError(401, message);
export const forbidden = (message = 'You can only change what you wrote') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
