/**
 * 4.x: `res.json` and `res.jsonp` take express 4's deprecated forms `(obj, status)` and
 * `(status, obj)` (`res.json(obj, status): Use res.status(status).json(obj) instead`, ...);
 * otherwise they are 5.x's.
 */
import depd from 'depd';
import { jsonFor, response as response5, type Response } from '../response/response';
import { method } from './members';
import { send } from './res-send';

const deprecate = depd('express');

function withStatus(name: 'json' | 'jsonp', res: Response, args: IArguments): unknown {
  if (args.length !== 2) return args[0];
  const first: unknown = args[0];
  const second: unknown = args[1];
  if (typeof second === 'number') {
    deprecate(`res.${name}(obj, status): Use res.status(status).${name}(obj) instead`);
    res.statusCode = second;
    return first;
  }
  deprecate(`res.${name}(status, obj): Use res.status(status).${name}(obj) instead`);
  res.statusCode = first as number;
  return second;
}

/** 5.x's `res.json` over 4.x's `res.send` (a string is sent as 5.x sends it). */
const json5 = jsonFor(send);
const jsonp5 = response5.jsonp;

function json(this: Response, obj?: unknown): Response {
  return json5.call(this, arguments.length === 2 ? withStatus('json', this, arguments) : obj);
}

function jsonp(this: Response, obj?: unknown): Response {
  return jsonp5.call(this, arguments.length === 2 ? withStatus('jsonp', this, arguments) : obj);
}

export const jsonMembers: PropertyDescriptorMap = {
  json: method(json),
  jsonp: method(jsonp),
};
