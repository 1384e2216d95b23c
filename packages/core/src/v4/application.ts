/**
 * The 4.x application prototype: the 5.x members (see ../application/application.ts) with express 4's
 * router handling (./app-router.ts, over express 4's router: ./router.ts), `app.del`
 * (./app-del.ts) and the `extended` query parser default (./query-parser.ts).
 */
import { EventEmitter } from 'node:events';
import { application as application5 } from '../application/application';
import { fetchMember } from '../fetch/handler';
import type { Application } from '../application/types';
import { appDel } from './app-del';
import { defineAppRouter, routerMembers, type AppV4 } from './app-router';
import { copyMembers, method } from './members';
import { compileQueryParser, QUERY_PARSER_DEFAULT } from './query-parser';

const base = application5 as unknown as Record<string, (this: unknown, ...args: unknown[]) => unknown>;
const set5 = base.set!;
const defaultConfiguration5 = base.defaultConfiguration!;

/** The 5.x defaults, then `query parser` `extended` and the throwing `app.router`. */
function defaultConfiguration(this: AppV4): void {
  defaultConfiguration5.call(this);
  this.set('query parser', QUERY_PARSER_DEFAULT);
  defineAppRouter(this);
}

/** `app.set` of 5.x, but `query parser` compiles express 4's parsers (./query-parser.ts). */
function set(this: AppV4, setting: string, value?: unknown): unknown {
  if (arguments.length === 1 || setting !== 'query parser') return set5.apply(this, arguments as unknown as unknown[]);
  this.settings[setting] = value;
  this.set('query parser fn', compileQueryParser(value));
  return this;
}

/**
 * What a 4.x app inherits from beyond `webfw.application`: EventEmitter's members (express 4
 * copies them onto each app, so `express.application` lists only the app's own methods).
 */
const emitter = Object.create(Function.prototype) as object;
const emitterKeys: string[] = [];
for (const key of Reflect.ownKeys(EventEmitter.prototype)) {
  if (key === 'constructor') continue;
  Object.defineProperty(emitter, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key) as PropertyDescriptor);
  if (typeof key === 'string') emitterKeys.push(key);
}

/** The application prototype every 4.x app inherits. */
export const application: AppV4 = copyMembers(emitter, application5, ['router', ...emitterKeys], {
  defaultConfiguration: method(defaultConfiguration),
  set: method(set),
  fetch: fetchMember,
  ...routerMembers,
});

const proto = application as unknown as Record<string, unknown>;
Object.defineProperty(proto, 'del', method(appDel(proto.delete as (...args: never[]) => unknown)));

export type { Application };
