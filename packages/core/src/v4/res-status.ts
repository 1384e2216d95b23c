/**
 * 4.x: `res.status(code)` sets any value it is given (5.x throws for a code that is not an
 * integer in 100..999); a string or a fraction in that range is deprecated
 * (`res.status("200"): use res.status(200) instead`). `res.sendStatus` sets the code as given.
 */
import depd from 'depd';
import statuses from 'statuses';
import type { Response } from '../response/response';
import { method } from './members';

const deprecate = depd('express');

function status(this: Response, code: number): Response {
  if ((typeof code === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
    deprecate(`res.status(${JSON.stringify(code)}): use res.status(${Math.floor(code)}) instead`);
  }
  this.statusCode = code;
  return this;
}

function sendStatus(this: Response, code: number): Response {
  const body = statuses.message[code] || String(code);
  this.statusCode = code;
  this.type('txt');
  return this.send(body);
}

export const statusMembers: PropertyDescriptorMap = {
  status: method(status),
  sendStatus: method(sendStatus),
};
