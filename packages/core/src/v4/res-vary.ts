/**
 * 4.x: `res.vary()` without a field (or with an empty array) is deprecated (`res.vary():
 * Provide a field name`) and changes nothing (5.x throws vary's TypeError).
 */
import depd from 'depd';
import vary from 'vary';
import type { Response } from '../response/response';
import { method } from './members';

const deprecate = depd('express');

function varyMethod(this: Response, field: string | readonly string[]): Response {
  if (!field || (Array.isArray(field) && field.length === 0)) {
    deprecate('res.vary(): Provide a field name');
    return this;
  }
  vary(this, field as string | string[]);
  return this;
}

export const varyMember: PropertyDescriptorMap = { vary: method(varyMethod) };
