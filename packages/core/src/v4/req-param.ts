/**
 * 4.x: `req.param(name[, defaultValue])`, deprecated (`req.param(name): Use req.params,
 * req.body, or req.query instead`, or `req.param(name, default): ...` with a default): the
 * first of `req.params[name]` (an own value), `req.body[name]` and `req.query[name]` that is
 * neither null nor undefined, else `defaultValue`.
 */
import depd from 'depd';

const deprecate = depd('express');

interface ParamSources {
  params?: Record<string, unknown>;
  body?: unknown;
  query?: unknown;
}

export function param(this: ParamSources, name: string, defaultValue?: unknown): unknown {
  const params = this.params || {};
  const body = (this.body || {}) as Record<string, unknown>;
  const query = (this.query || {}) as Record<string, unknown>;
  const args = arguments.length === 1 ? 'name' : 'name, default';
  deprecate(`req.param(${args}): Use req.params, req.body, or req.query instead`);
  if (params[name] != null && Object.prototype.hasOwnProperty.call(params, name)) return params[name];
  if (body[name] != null) return body[name];
  if (query[name] != null) return query[name];
  return defaultValue;
}
