/**
 * 4.x (4.22.3): `req.range(size[, options])` parses with range-parser 1.2.x, the version
 * express 4 pins (`~1.2.1`): it reads each bound with `parseInt`, so `bytes=0-10abc` is the
 * range 0-10 where 1.3 (express 5) calls it malformed (-2).
 */
import parseRange from 'range-parser-v0';
import type { RangeOptions, Ranges, Request } from '../request/request';
import { method } from './members';

function range(this: Request, size: number, options?: RangeOptions): Ranges | -1 | -2 | undefined {
  const header = this.headers.range;
  if (!header) return undefined;
  return parseRange(size, header, options) as Ranges | -1 | -2;
}

export const rangeMember: PropertyDescriptorMap = { range: method(range) };
