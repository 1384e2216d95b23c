/**
 * body-parser 1.x flags a request whose body a parser started reading with `req._body = true`,
 * and every parser passes a flagged request on untouched: with parsers stacked, the first whose
 * Content-Type matches reads the body. The 5.x entry has no flag (it skips ended streams).
 * Differential: each table runs against body-parser 1.x and the v4 entry.
 */
import zlib from 'node:zlib';
import { compareV1, encodingUnsupported, failedV1, httpError, parsedV1, silenceDeprecations, v4 } from './support/helpers';
import type { Exchange, Step, V1Answer, V1Library } from './support/helpers';

/** A step that sets `_body` (and a body) as a multipart parser of the express 4 era does. */
const flagged: Step = (req, _res, next) => {
  Object.assign(req, { _body: true, body: { from: 'earlier' } });
  next();
};

/** A step that consumes the body stream without setting `_body`. */
const consume: Step = (req, _res, next) => {
  req.on('end', () => next());
  req.resume();
};

describe('v4: the req._body flag', () => {
  silenceDeprecations();

  const stack = (lib: V1Library): Step[] => [lib.json(), lib.urlencoded({ extended: false }), lib.text({ type: '*/*' })];
  it.each<[string, Exchange, V1Answer]>([
    ['json reads a JSON body, the catch-all text passes', { headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' }, parsedV1({ a: 1 })],
    [
      'urlencoded reads a form, the catch-all text passes',
      { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' },
      parsedV1({ a: '1' }, true, 'null'),
    ],
    ['the catch-all text reads the rest', { headers: { 'Content-Type': 'application/xml' }, body: '<a/>' }, parsedV1('<a/>', true, 'none')],
    ['nothing is flagged for a request without a body', { method: 'GET' }, parsedV1({}, 'unset')],
  ])('should let the first matching parser of a stack read: %s', async (_title, request, expected) => {
    expect(await compareV1(v4, stack, [request])).toEqual([expected]);
  });

  it.each<[string, (lib: V1Library) => Step[]]>([
    ['json', (lib) => [flagged, lib.json()]],
    ['raw', (lib) => [flagged, lib.raw({ type: '*/*' })]],
    ['text', (lib) => [flagged, lib.text({ type: '*/*' })]],
    ['urlencoded', (lib) => [flagged, lib.urlencoded({ extended: true })]],
    ['the generic', (lib) => [flagged, lib({ extended: true })]],
  ])('should pass a request an earlier middleware flagged, untouched: %s', async (_title, build) => {
    const answers = await compareV1(v4, build, [{ headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' }]);
    expect(answers).toEqual([parsedV1({ from: 'earlier' })]);
  });

  it('should flag a body whose reading failed, so a later parser passes', async () => {
    const after = (lib: V1Library): Step[] => [(req, res, next) => lib.json()(req, res, () => next()), lib.text({ type: '*/*' })];
    const answers = await compareV1(v4, after, [
      { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' }, body: 'x' },
      { headers: { 'Content-Type': 'application/json' }, body: '{"a":' },
      // a refused charset is decided before reading: not flagged, so text reads it
      { headers: { 'Content-Type': 'application/json; charset=latin1' }, body: 'x' },
    ]);
    expect(answers).toEqual([parsedV1({}), parsedV1({}), parsedV1('x', true, 'none')]);
  });

  it('should report what failed on a flagged body', async () => {
    const answers = await compareV1(v4, (lib) => [lib.json()], [
      { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' }, body: 'x' },
    ]);
    expect(answers).toEqual([failedV1(encodingUnsupported('compress'))]);
  });

  it('should try to read a body consumed without the flag: 500 stream.not.readable (5.x skips it)', async () => {
    const answers = await compareV1(v4, (lib) => [consume, lib.json()], [{ headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' }]);
    expect(answers).toEqual([failedV1(httpError(500, 'InternalServerError', 'stream is not readable', { type: 'stream.not.readable' }))]);
  });

  it('should read a gzip body normally when the flag is unset', async () => {
    const answers = await compareV1(v4, (lib) => [lib.json()], [
      { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: zlib.gzipSync('[1]') },
    ]);
    expect(answers).toEqual([parsedV1([1])]);
  });
});
