import { expectCase, type Handler, type ResponseCase } from './support/res';

const TEXT = 'text/plain; charset=utf-8';
const rangeError = (code: number | string) => ({
  name: 'RangeError',
  message: `Invalid status code: ${code}. Status code must be greater than 99 and less than 1000.`,
});
const typeError = (code: string) => ({ name: 'TypeError', message: `Invalid status code: ${code}. Status code must be an integer.` });

/** Sets the status ?code (JSON, so strings and null get through) and ends the response. */
const statusFromQuery: Handler = (req, res) => res.status(JSON.parse(req.query.code as string) as number).end();

/** The case `name`: res.status(code), `code` as JSON in the query. */
const withCode = (name: string, code: string, expected: ResponseCase['expected']): ResponseCase => ({
  name,
  handler: statusFromQuery,
  ask: '/?code=' + encodeURIComponent(code),
  expected,
});

describe('res.status(code)', () => {
  it.each<ResponseCase>([
    { name: 'should set the status code and be chainable', handler: (_req, res) => res.status(201).end('created'), expected: { status: 201, body: 'created' } },
    withCode('should accept codes from 100 to 999 (299)', '299', { status: 299 }),
    withCode('should accept codes from 100 to 999 (999)', '999', { status: 999 }),
  ])('$name', expectCase);

  describe('with an invalid code', () => {
    it.each<ResponseCase>([
      withCode('should throw a RangeError below 100', '99', { status: 500, json: rangeError(99) }),
      withCode('should throw a RangeError above 999', '1000', { status: 500, json: rangeError(1000) }),
      withCode('should throw a TypeError for a non-integer', '200.5', { status: 500, json: typeError('200.5') }),
      withCode('should throw a TypeError for a string', '"200"', { status: 500, json: typeError('"200"') }),
      withCode('should throw a RangeError for a negative code', '-1', { status: 500, json: rangeError(-1) }),
      withCode('should throw a TypeError for a null code', 'null', { status: 500, json: typeError('null') }),
    ])('$name', expectCase);
  });
});

describe('res.sendStatus(code)', () => {
  /** The case `name`: res.sendStatus(code). */
  const sending = (name: string, code: number, expected: ResponseCase['expected']): ResponseCase => ({
    name,
    handler: (_req, res) => res.sendStatus(code),
    expected,
  });

  it.each<ResponseCase>([
    sending('should send the reason phrase as text/plain', 418, {
      status: 418,
      headers: { 'content-type': TEXT, 'content-length': '12' },
      body: "I'm a Teapot",
    }),
    sending('should send the number when the code has no reason phrase', 599, { status: 599, headers: { 'content-type': TEXT }, body: '599' }),
    sending('should send no body for 204', 204, { status: 204, headers: { 'content-type': undefined, 'content-length': undefined }, body: '' }),
    sending('should send codes from 600 to 999 (accepted by node 20) with the number as body', 600, {
      status: 600,
      headers: { 'content-type': TEXT },
      body: '600',
    }),
    sending('should throw a RangeError for a code out of range', 1000, { status: 500, json: rangeError(1000) }),
  ])('$name', expectCase);
});
