/** The response envelope every non-stream response uses (API.md §1). */
import { Type, type Static, type TSchema } from 'typebox';

/** The API's semantic version; additive changes raise the minor part. */
export const API_VERSION = '1.0.0';

export const Envelope = <D extends TSchema>(data: D) =>
  Type.Object({
    Data: data,
    Version: Type.String(),
    Success: Type.Boolean(),
    Code: Type.Integer(),
    Message: Type.String(),
  });

export interface EnvelopeOf<D> {
  Data: D;
  Version: string;
  Success: boolean;
  Code: number;
  Message: string;
}

/** Any envelope, with Data left open. */
export const AnyEnvelope = Envelope(Type.Unknown());
export type AnyEnvelope = Static<typeof AnyEnvelope>;

export function success<D>(data: D): EnvelopeOf<D> {
  return { Data: data, Version: API_VERSION, Success: true, Code: 200, Message: '' };
}

/** A failure: `Code` equals the HTTP status; Data is null unless a zero value is documented. */
export function failure<D = null>(code: number, message: string, data: D = null as D): EnvelopeOf<D> {
  return { Data: data, Version: API_VERSION, Success: false, Code: code, Message: message };
}

/** The failure table of API.md §1: each condition's HTTP status (= Code). */
export const FAILURE = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  /** [ext] The request did not arrive within the service's time for it (its headers, or the whole of it). */
  timeout: 408,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  /** [ext] A file's byte range (Range) starts past its end. */
  rangeNotSatisfiable: 416,
  /** [ext] An `Expect` header the service cannot meet (anything but 100-continue). */
  expectationFailed: 417,
  rateLimited: 429,
  /** [ext] The request's headers are larger than the service reads. */
  headersTooLarge: 431,
  internal: 500,
  /** [ext] A part the service needs (its database, its model server) cannot answer just now; Retry-After says when to try again. */
  unavailable: 503,
  /** [ext] The service has no room to store a file (its disk is full or read-only). */
  insufficientStorage: 507,
} as const;
export type FailureCode = (typeof FAILURE)[keyof typeof FAILURE];
