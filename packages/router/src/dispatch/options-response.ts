import { NullObject } from '../utils/null-object';
import type { RouterResponse } from '../types';

/**
 * Answers an OPTIONS request no route answered: `Allow` lists the methods of the routes that
 * matched the path (unique, sorted, upper case, `, `-joined), and the same list is the
 * `text/plain` body, as router 2.x answers.
 */
export function sendOptionsResponse(res: RouterResponse, methods: readonly string[]): void {
  const unique = new NullObject<true>();
  for (const m of methods) unique[m] = true;
  const allow = Object.keys(unique).sort().join(', ');
  res.setHeader('Allow', allow);
  res.setHeader('Content-Length', Buffer.byteLength(allow));
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(allow);
}
