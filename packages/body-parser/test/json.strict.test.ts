import { json } from '@webfw/body-parser';
import { answer, parseFailed, post, serveAll } from './support/helpers';

describe('json({ strict })', () => {
  describe('strict: true (default)', () => {
    const s = serveAll(json());

    const rejected: Array<[string, string]> = [
      ['true', 'Unexpected token \'t\', "true" is not valid JSON'],
      ['"tobi"', 'Unexpected token \'"\', ""tobi"" is not valid JSON'],
      ['  42', 'Unexpected token \'4\', "  42" is not valid JSON'],
      ['null', 'Unexpected token \'n\', "null" is not valid JSON'],
      ['\t\n"x"   ', 'Unexpected token \'"\', "\t\n"x"   " is not valid JSON'],
    ];
    it.each(rejected)('should 400 a non-object top-level value %j, worded as JSON.parse words it', async (body, message) => {
      expect(await answer(s.port, 'application/json', body)).toEqual({ status: 400, json: { error: parseFailed(message, body) } });
    });

    it('should word a long strict violation with the excerpt JSON.parse shows', async () => {
      const body = `  "${'a'.repeat(100)}"`;
      const res = await post(s.port, 'application/json', body);
      expect(res.status).toBe(400);
      expect((res.json.error as { message: string }).message).toBe(`Unexpected token '"', "  "${'a'.repeat(9)}"... is not valid JSON`);
    });

    it('should accept objects and arrays after leading whitespace', async () => {
      const res = await post(s.port, 'application/json', '\r\n\t [ {} ]');
      expect(res.json).toEqual({ has: true, kind: 'array', body: [{}] });
    });
  });

  describe('strict: false', () => {
    const s = serveAll(json({ strict: false }));

    it.each([
      ['true', true],
      ['"tobi"', 'tobi'],
      [' 42 ', 42],
      ['null', null],
    ])('should accept the primitive %j', async (body, value) => {
      expect(await answer(s.port, 'application/json', body)).toEqual({
        status: 200,
        json: { has: true, kind: value === null ? 'object' : typeof value, body: value },
      });
    });

    it('should still 400 invalid JSON', async () => {
      expect(await answer(s.port, 'application/json', 'tru')).toEqual({ status: 400, json: { error: parseFailed('Unexpected end of JSON input', 'tru') } });
    });

    it('should still parse an empty body as {}', async () => {
      const res = await post(s.port, 'application/json', '');
      expect(res.json).toEqual({ has: true, kind: 'object', body: {} });
    });
  });
});
