import { expectCase, type Handler, type ResponseCase } from './support/res';

const NOT_ACCEPTABLE = { name: 'NotAcceptableError', message: 'Not Acceptable', expose: true };

/** Answers text, html or JSON, whichever is accepted. */
const threeTypes: Handler = (_req, res) =>
  res.format({
    text: () => res.send('hey'),
    html: () => res.send('<p>hey</p>'),
    'application/json': () => res.json({ message: 'hey' }),
  });

/** The case `name`: a request with `accept` (none when undefined) to `handler`. */
const accepting = (name: string, accept: string | undefined, expected: ResponseCase['expected'], handler: Handler = threeTypes): ResponseCase => ({
  name,
  handler,
  ask: { path: '/', headers: accept === undefined ? {} : { Accept: accept } },
  expected,
});

describe('res.format(handlers)', () => {
  it.each<ResponseCase>([
    accepting('should run the handler of the best match and set its Content-Type (html)', 'text/html', {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Accept' },
      body: '<p>hey</p>',
    }),
    accepting('should run the handler of the best match and set its Content-Type (json)', 'application/json', {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"message":"hey"}',
    }),
    accepting('should follow quality values', 'text/html;q=0.5, text/plain', {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: 'hey',
    }),
    accepting('should run the first handler when there is no Accept header', undefined, {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', vary: 'Accept' },
      body: 'hey',
    }),
    accepting('should run the first handler for */*', '*/*', { status: 200, body: 'hey' }),
    accepting('should pass a 406 error listing the types when nothing matches', 'image/png', {
      status: 406,
      headers: { vary: 'Accept' },
      json: { ...NOT_ACCEPTABLE, types: ['text/plain', 'text/html', 'application/json'] },
    }),
    accepting(
      'should list the bare types of keys with parameters in the 406 error',
      'image/png',
      { status: 406, json: { ...NOT_ACCEPTABLE, types: ['application/json'] } },
      (_req, res) => res.format({ 'application/json;q=0.5': () => res.json(1) }),
    ),
    accepting('should run default when nothing matches', 'image/png', { status: 406, headers: { vary: 'Accept' }, body: 'try text' }, (_req, res) =>
      res.format({
        text: () => res.send('hey'),
        default: () => res.status(406).send('try text'),
      }),
    ),
    accepting('should run default when it is the only handler', 'text/plain', { status: 200, body: 'default' }, (_req, res) =>
      res.format({ default: () => res.send('default') }),
    ),
    accepting('should hand handlers req, res and next', 'application/json', { status: 500, json: { name: 'Error', message: 'from handler' } }, (_req, res) =>
      res.format({
        json: (req, r, next) => {
          if (req.method === 'GET' && r === res) next(new Error('from handler'));
        },
      }),
    ),
    accepting('should keep an existing Vary', undefined, { status: 200, headers: { vary: 'Origin, Accept' } }, (_req, res) =>
      res.vary('Origin').format({ text: () => res.send('x') }),
    ),
  ])('$name', expectCase);
});
