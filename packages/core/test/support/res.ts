import { join } from 'node:path';
import type { Response as TestResponse } from 'supertest';
import webfw from '@webfw/core';
import type { Application, NextFunction, Request, Response } from '@webfw/core';
import { expectResponse, type Ask, type Expected } from './helpers';

/** Directory of the files the response tests send. */
export const FILES = join(__dirname, '..', 'fixtures', 'res', 'files');

/** Directory of the views the response tests render. */
export const VIEWS = join(__dirname, '..', 'fixtures', 'res', 'views');

/** A handler as the response tests write them. */
export type Handler = (req: Request, res: Response, next: NextFunction) => void;

/**
 * Error-handling middleware that reports the error as JSON (its status, or 500), so a test
 * asserts the exact error a response method threw or passed to `next`.
 */
export function reportErrors(
  err: Error & { status?: number; code?: string; expose?: boolean; types?: string[]; path?: string },
  _req: Request,
  res: Response,
  _next: NextFunction,
): void {
  res.status(err.status ?? 500).json({ name: err.name, message: err.message, code: err.code, expose: err.expose, types: err.types, path: err.path });
}

/**
 * An app that runs `handler` for every request (after `configure` set it up) and reports
 * errors with `reportErrors`.
 */
export function appFor(handler: Handler, configure?: (app: Application) => void): Application {
  const app = webfw();
  configure?.(app);
  app.use(handler);
  app.use(reportErrors);
  return app;
}

/**
 * One row of a response table: what the handler does (after `configure` set the app up), the
 * request (GET / by default) and the response it must get.
 */
export interface ResponseCase {
  name: string;
  handler: Handler;
  configure?: (app: Application) => void;
  ask?: Ask;
  expected: Expected;
}

/** Serves the case's handler with `appFor` and asserts the response (see `expectResponse`). */
export function expectCase({ handler, configure, ask = '/', expected }: ResponseCase): Promise<TestResponse> {
  return expectResponse(appFor(handler, configure), ask, expected);
}

/**
 * The JSON an error handler sent, whatever Content-Type a file transfer had already set
 * (send types the response before it fails on a range or precondition, as in express).
 */
export function bodyJson(res: TestResponse): unknown {
  return JSON.parse(res.text ?? (res.body as Buffer).toString('utf8'));
}

/** The text of a response, whatever its Content-Type. */
export function bodyText(res: TestResponse): string {
  return res.text ?? (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : '');
}
