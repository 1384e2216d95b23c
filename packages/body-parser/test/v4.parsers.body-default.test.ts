/**
 * body-parser 1.x sets `req.body = req.body || {}` before looking at a request, so `req.body` is
 * `{}` when nothing was parsed; body-parser 2.x (the 5.x entry) leaves it `undefined`.
 * Differential: each table runs against body-parser 1.x and the v4 entry.
 */
import { charsetUnsupported, compareV1, failedV1, parsedV1, silenceDeprecations, v4 } from './support/helpers';
import type { Exchange, Step, V1Answer, V1Library } from './support/helpers';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const NOTHING = parsedV1({}, 'unset');

describe('v4: req.body is {} when nothing was parsed', () => {
  silenceDeprecations();

  type Row = [title: string, build: (lib: V1Library) => Step[], request: Exchange, expected: V1Answer];
  const setBody =
    (value: unknown): Step =>
    (req, _res, next) => {
      (req as typeof req & { body?: unknown }).body = value;
      next();
    };

  it.each<Row>([
    ['a GET without a body (json)', (lib) => [lib.json()], { method: 'GET' }, NOTHING],
    ['a POST without a body (urlencoded)', (lib) => [lib.urlencoded({ extended: true })], { method: 'POST' }, NOTHING],
    ['a Content-Type the parser does not handle (json)', (lib) => [lib.json()], { headers: { 'Content-Type': 'text/plain' }, body: 'x' }, NOTHING],
    ['a Content-Type the parser does not handle (raw)', (lib) => [lib.raw()], { headers: JSON_TYPE, body: '{}' }, NOTHING],
    ['a Content-Type the parser does not handle (text)', (lib) => [lib.text()], { headers: JSON_TYPE, body: '{}' }, NOTHING],
    ['a body without a Content-Type', (lib) => [lib.json(), lib.text()], { body: 'x' }, NOTHING],
    ['a type function answering false', (lib) => [lib.json({ type: () => false })], { headers: JSON_TYPE, body: '{}' }, NOTHING],
    ['an earlier 0 (falsy values are replaced)', (lib) => [setBody(0), lib.json()], { method: 'GET' }, NOTHING],
    ['an earlier empty string', (lib) => [setBody(''), lib.text()], { headers: JSON_TYPE, body: '{}' }, NOTHING],
    ['an earlier null', (lib) => [setBody(null), lib.raw()], { method: 'GET' }, NOTHING],
    ['an earlier truthy value (kept)', (lib) => [setBody('kept'), lib.json()], { method: 'GET' }, parsedV1('kept', 'unset', 'none')],
    [
      'an earlier object (kept)',
      (lib) => [setBody({ a: 1 }), lib.json()],
      { headers: { 'Content-Type': 'text/plain' }, body: 'x' },
      parsedV1({ a: 1 }, 'unset'),
    ],
  ])('should leave {} for %s', async (_title, build, request, expected) => {
    expect(await compareV1(v4, build, [request])).toEqual([expected]);
  });

  it('should have set {} before a charset is refused (the error handler sees it)', async () => {
    const build = (lib: V1Library): Step[] => [
      (req, res, next) =>
        lib.json()(req, res, (err) => {
          (err as Record<string, unknown>).bodySeen = (req as typeof req & { body?: unknown }).body;
          next(err);
        }),
    ];
    const [answer] = await compareV1(v4, build, [{ headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{}' }]);
    expect(answer).toEqual(failedV1({ ...charsetUnsupported('latin1'), bodySeen: {} }));
  });
});
