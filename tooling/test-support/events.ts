/**
 * Waiting on events instead of sleeping: a test waits until what it expects happened, woken by
 * the event that reports it, with one deadline for the case it never does.
 */
import type { EventEmitter } from 'node:events';

/**
 * Resolves once `check()` is true: checked now and again each time `emitter` emits `event`.
 * Rejects with `describe()` (or a generic message) when `timeoutMs` pass first.
 */
export function until(
  emitter: EventEmitter,
  event: string,
  check: () => boolean,
  timeoutMs = 3000,
  describe: () => string = () => `timed out after ${timeoutMs} ms waiting on '${event}'`,
): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onEvent = (): void => {
      if (!check()) return;
      clearTimeout(timer);
      emitter.off(event, onEvent);
      resolve();
    };
    const timer = setTimeout(() => {
      emitter.off(event, onEvent);
      reject(new Error(describe()));
    }, timeoutMs);
    emitter.on(event, onEvent);
  });
}

/** Resolves with the arguments of the next `event` emitted by `emitter`; rejects after `timeoutMs`. */
export function nextEvent(emitter: EventEmitter, event: string, timeoutMs = 3000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const onEvent = (...args: unknown[]): void => {
      clearTimeout(timer);
      resolve(args);
    };
    const timer = setTimeout(() => {
      emitter.off(event, onEvent);
      reject(new Error(`timed out after ${timeoutMs} ms waiting on '${event}'`));
    }, timeoutMs);
    emitter.once(event, onEvent);
  });
}
