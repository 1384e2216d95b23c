/**
 * 4.x: `res.send` takes express 4's deprecated forms: `res.send(status)` (the status text as
 * text/plain, `res.send(status): Use res.sendStatus(status) instead`), `res.send(status, body)`
 * and `res.send(body, status)`. Only a Buffer is sent as bytes: another typed array, like any
 * other object, number or boolean, goes out as JSON. The rest is 5.x's `res.send` (which, like
 * express 4's, sets Content-Length even when one was set before).
 */
import depd from 'depd';
import statuses from 'statuses';
import { response as response5, type Response } from '../response/response';
import { method } from './members';

const deprecate = depd('express');
const send5 = response5.send;

/** express 4's `res.send`: its deprecated forms, then 5.x's. */
export function send(this: Response, body?: unknown): Response {
  let chunk = body;
  if (arguments.length === 2) {
    const first: unknown = arguments[0];
    const second: unknown = arguments[1];
    if (typeof first !== 'number' && typeof second === 'number') {
      deprecate('res.send(body, status): Use res.status(status).send(body) instead');
      this.statusCode = second;
    } else {
      deprecate('res.send(status, body): Use res.status(status).send(body) instead');
      this.statusCode = first as number;
      chunk = second;
    }
  }
  if (typeof chunk === 'number' && arguments.length === 1) {
    if (!this.get('Content-Type')) this.type('txt');
    deprecate('res.send(status): Use res.sendStatus(status) instead');
    this.statusCode = chunk;
    chunk = statuses.message[chunk];
  }
  if (typeof chunk === 'number' || typeof chunk === 'boolean' || (typeof chunk === 'object' && chunk !== null && !Buffer.isBuffer(chunk))) {
    return this.json(chunk);
  }
  return send5.call(this, chunk as string | Buffer | null | undefined);
}

export const sendMember: PropertyDescriptorMap = { send: method(send) };
