import { urlencoded } from '@webfw/body-parser';
import { post, serve } from './helpers';

const FORM = 'application/x-www-form-urlencoded';
const LATIN1 = `${FORM}; charset=iso-8859-1`;

async function with_(options: Parameters<typeof urlencoded>[0], fn: (port: number) => Promise<void>): Promise<void> {
  const s = await serve(urlencoded(options));
  try {
    await fn(s.port);
  } finally {
    await s.close();
  }
}

function tooMany(body: string): Record<string, unknown> {
  return {
    error: {
      name: 'PayloadTooLargeError',
      message: 'too many parameters',
      status: 413,
      statusCode: 413,
      expose: true,
      type: 'parameters.too.many',
      body,
    },
  };
}

describe('urlencoded({ parameterLimit })', () => {
  it('should accept exactly parameterLimit parameters', () =>
    with_({ parameterLimit: 3 }, async (port) => {
      const res = await post(port, FORM, 'a=1&b=2&c=3');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: '1', b: '2', c: '3' } });
    }));

  it('should 413 parameters.too.many above parameterLimit', () =>
    with_({ parameterLimit: 3 }, async (port) => {
      const res = await post(port, FORM, 'a=1&b=2&c=3&d=4');
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooMany('a=1&b=2&c=3&d=4'));
    }));

  it('should count empty pairs as parameters, as body-parser does', () =>
    with_({ parameterLimit: 3 }, async (port) => {
      const res = await post(port, FORM, 'a=1&b=2&c=3&');
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooMany('a=1&b=2&c=3&'));
    }));

  it('should apply the limit in extended mode too', () =>
    with_({ parameterLimit: 2, extended: true }, async (port) => {
      const res = await post(port, FORM, 'a[x]=1&b=2&c=3');
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooMany('a[x]=1&b=2&c=3'));
    }));

  it('should 413 for 10,000 parameters at the default limit of 1000', () =>
    with_(undefined, async (port) => {
      const body = Array.from({ length: 10_000 }, () => 'a=1').join('&');
      const res = await post(port, FORM, body);
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooMany(body));
    }));

  it('should parse 10,000 parameters when the limit allows them', () =>
    with_({ parameterLimit: 10_000, limit: '1mb' }, async (port) => {
      const body = Array.from({ length: 10_000 }, (_, i) => `k${i}=${i}`).join('&');
      const res = await post(port, FORM, body);
      expect(res.status).toBe(200);
      const parsed = res.json.body as Record<string, string>;
      expect(Object.keys(parsed)).toHaveLength(10_000);
      expect(parsed.k9999).toBe('9999');
    }));

  it('should accept Infinity', () =>
    with_({ parameterLimit: Infinity }, async (port) => {
      const body = Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&');
      const res = await post(port, FORM, body);
      expect(Object.keys(res.json.body as object)).toHaveLength(1500);
    }));
});

describe('urlencoded({ depth })', () => {
  it('should parse input at the configured depth', () =>
    with_({ extended: true, depth: 2 }, async (port) => {
      const res = await post(port, FORM, 'a[b][c]=1');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: { b: { c: '1' } } } });
    }));

  it('should 400 for input deeper than depth', () =>
    with_({ extended: true, depth: 2 }, async (port) => {
      const res = await post(port, FORM, 'a[b][c][d]=1');
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: {
          name: 'BadRequestError',
          message: 'The input exceeded the depth',
          status: 400,
          statusCode: 400,
          expose: true,
          type: 'querystring.parse.rangeError',
          body: 'a[b][c][d]=1',
        },
      });
    }));

  it('should treat depth 0 as flat keys', () =>
    with_({ extended: true, depth: 0 }, async (port) => {
      const res = await post(port, FORM, 'a[b]=1');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { 'a[b]': '1' } });
    }));

  it('should be ignored without extended', () =>
    with_({ depth: 1 }, async (port) => {
      const res = await post(port, FORM, 'a[b][c][d]=1');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { 'a[b][c][d]': '1' } });
    }));
});

describe('urlencoded({ defaultCharset })', () => {
  it('should decode with iso-8859-1 when the Content-Type names no charset', () =>
    with_({ defaultCharset: 'iso-8859-1' }, async (port) => {
      const res = await post(port, FORM, 'a=%E9');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 'é' } });
    }));

  it('should default to utf-8', () =>
    with_(undefined, async (port) => {
      const res = await post(port, FORM, 'a=%C3%A9&b=%E9');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 'é', b: '%E9' } });
    }));
});

describe('urlencoded({ charsetSentinel })', () => {
  it('should let utf8=✓ (UTF-8 encoded) switch an iso-8859-1 form to UTF-8 and drop it', () =>
    with_({ charsetSentinel: true }, async (port) => {
      const res = await post(port, LATIN1, 'utf8=%E2%9C%93&a=%C3%A9');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 'é' } });
    }));

  it('should let utf8=&#10003; switch a UTF-8 form to iso-8859-1', () =>
    with_({ charsetSentinel: true }, async (port) => {
      const res = await post(port, FORM, 'utf8=%26%2310003%3B&a=%E9');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 'é' } });
    }));

  it('should work in extended mode', () =>
    with_({ charsetSentinel: true, extended: true }, async (port) => {
      const res = await post(port, LATIN1, 'utf8=%E2%9C%93&a[b]=%C3%A9');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: { b: 'é' } } });
    }));

  it('should keep utf8 as a plain parameter when false (default)', () =>
    with_(undefined, async (port) => {
      const res = await post(port, LATIN1, 'utf8=%E2%9C%93&a=%C3%A9');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { utf8: 'â\u009c\u0093', a: 'Ã©' } });
    }));
});

describe('urlencoded({ interpretNumericEntities })', () => {
  it('should decode numeric entities in an iso-8859-1 form', () =>
    with_({ interpretNumericEntities: true }, async (port) => {
      const res = await post(port, LATIN1, 'a=%26%239786%3B+%E9');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: '☺ é' } });
    }));

  it('should leave entities alone in a UTF-8 form', () =>
    with_({ interpretNumericEntities: true }, async (port) => {
      const res = await post(port, FORM, 'a=%26%239786%3B');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: '&#9786;' } });
    }));

  it('should leave entities alone when false (default)', () =>
    with_(undefined, async (port) => {
      const res = await post(port, LATIN1, 'a=%26%239786%3B');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: '&#9786;' } });
    }));

  it('should combine with charsetSentinel', () =>
    with_({ interpretNumericEntities: true, charsetSentinel: true }, async (port) => {
      const res = await post(port, FORM, 'utf8=%26%2310003%3B&a=%E9%26%239786%3B');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 'é☺' } });
    }));
});
