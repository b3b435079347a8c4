import { STATUS_CODES } from 'node:http';
import { Type, type Static } from 'typebox';

/** An error that becomes an HTTP response with this status and message; thrown anywhere, rendered once. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Fields the body carries beside the three every error has (a 410's `snapshot` link). */
    readonly extra: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/** The JSON body of every error response. */
export const ErrorBodySchema = Type.Object({
  statusCode: Type.Integer({ description: 'The HTTP status code' }),
  error: Type.String({ description: 'Its reason phrase' }),
  message: Type.String({ description: 'What was wrong, naming the parameter, field or path' }),
});
export type ErrorBody = Readonly<Static<typeof ErrorBodySchema>>;

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}
