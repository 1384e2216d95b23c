/**
 * The 3.x application prototype: the 4.x one (see ../v4/application.ts) with express 3's
 * interfaces: `app.configure` (./app-configure.ts), `app.router`, `app.routes`, `app.VERB`
 * and `app.all` (./app-routes.ts), `app.param` (./app-param.ts), callable `app.locals`
 * (./locals.ts), literal mount paths followed by `/` or `.` (./mount-path.ts) and the 3.x
 * setting defaults (./settings.ts).
 */
import { application as application5 } from '../application/application';
import { fetchMember } from '../fetch/handler';
import { application as application4 } from '../v4/application';
import { appDel } from '../v4/app-del';
import type { AppV4 } from '../v4/app-router';
import { copyMembers, method } from '../v4/members';
import { QUERY_PARSER_DEFAULT } from '../v4/query-parser';
import { configure } from './app-configure';
import { param } from './app-param';
import { routesMembers } from './app-routes';
import { createLocals } from './locals';
import { mountOnLiteralPaths } from './mount-path';
import { applySettingDefaults } from './settings';

const base5 = application5 as unknown as Record<string, (this: unknown, ...args: unknown[]) => unknown>;
const defaultConfiguration5 = base5.defaultConfiguration!;
const lazyrouter4 = (application4 as unknown as Record<string, (this: unknown) => void>).lazyrouter!;

/** The 4.x defaults (but `app.router`, here the routes middleware), then express 3's. */
function defaultConfiguration(this: AppV4 & { routes: object }): void {
  defaultConfiguration5.call(this);
  this.set('query parser', QUERY_PARSER_DEFAULT);
  this.routes = {};
  const locals = createLocals();
  locals.settings = this.settings;
  this.locals = locals;
  applySettingDefaults(this);
}

/** 4.x's `app.lazyrouter`, its router mounting string paths as 3.x did. */
function lazyrouter(this: AppV4): void {
  if (this._router) return;
  lazyrouter4.call(this);
  mountOnLiteralPaths(this._router as unknown as { use(...args: unknown[]): unknown });
}

/** The application prototype every 3.x app inherits. */
export const application: AppV4 = copyMembers(Object.getPrototypeOf(application4) as object, application4, ['router'], {
  defaultConfiguration: method(defaultConfiguration),
  lazyrouter: method(lazyrouter),
  configure: method(configure),
  param: method(param),
  fetch: fetchMember,
  ...routesMembers,
});

const proto = application as unknown as Record<string, unknown>;
Object.defineProperty(proto, 'del', method(appDel(proto.delete as (...args: never[]) => unknown)));
