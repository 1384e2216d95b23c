/**
 * 4.x: `req.acceptsCharset`, `req.acceptsEncoding` and `req.acceptsLanguage`, the deprecated
 * singular aliases of `acceptsCharsets`, `acceptsEncodings` and `acceptsLanguages`
 * (`req.acceptsCharset: Use acceptsCharsets instead`, ...), each warning once per call site.
 */
import depd from 'depd';
import { request } from '../request/request';
import { method } from './members';

const deprecate = depd('express');

type Method = (...args: never[]) => unknown;

export const acceptsAliases: PropertyDescriptorMap = {
  acceptsEncoding: method(deprecate.function(request.acceptsEncodings as Method, 'req.acceptsEncoding: Use acceptsEncodings instead')),
  acceptsCharset: method(deprecate.function(request.acceptsCharsets as Method, 'req.acceptsCharset: Use acceptsCharsets instead')),
  acceptsLanguage: method(deprecate.function(request.acceptsLanguages as Method, 'req.acceptsLanguage: Use acceptsLanguages instead')),
};
