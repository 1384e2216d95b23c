/**
 * `serveStatic.mime`: serve-static 1.x exports send 0.19's mime 1.x table (express 4's
 * `express.static.mime`, which `res.type` looks types up in). The 4.x entry exports that very
 * object, typed, and it is the table its middleware types files with, so `define` and
 * `default_type` change what files are served as, as with serve-static 1.x.
 */
import { expectTypeOf } from 'expect-type';
import serveStatic, { mime, type Mime, type ServeStaticOptions, type StaticMiddleware } from '@webfw/static/v4';
import { expectSameAsV1, serveStaticV1, useFixture } from './support/helpers';

const fx = useFixture({ 'a.wfwnote': 'note', 'big.wfwnote': Buffer.alloc(70 * 1024, 'n'), 'a.txt': 'text' });

describe('serveStatic.mime', () => {
  it("should be serve-static 1.x's own mime object, also exported as mime", () => {
    expect(serveStatic.mime).toBe(serveStaticV1.mime);
    expect(mime).toBe(serveStatic.mime);
  });

  it('should look types, charsets and extensions up as mime 1.x', () => {
    expect([mime.lookup('a.js'), mime.lookup('html'), mime.lookup('/x/y.JSON'), mime.lookup('noext'), mime.lookup('noext', 'text/plain')]).toEqual([
      'application/javascript',
      'text/html',
      'application/json',
      'application/octet-stream',
      'text/plain',
    ]);
    expect([
      mime.charsets.lookup('text/html'),
      mime.charsets.lookup('application/json'),
      mime.charsets.lookup('image/png'),
      mime.charsets.lookup('image/png', 'x'),
    ]).toEqual(['UTF-8', 'UTF-8', undefined, 'x']);
    expect([mime.extension('text/html; charset=UTF-8'), mime.extension('application/x-nothing'), mime.default_type]).toEqual([
      'html',
      undefined,
      'application/octet-stream',
    ]);
    const table = new mime.Mime!();
    table.define({ 'text/x-own': ['own'] });
    expect([table.lookup('a.own'), table.lookup('a.js'), mime.lookup('a.own')]).toEqual(['text/x-own', undefined, 'application/octet-stream']);
  });

  it('should type files with types added by mime.define, on the fast path and through send', async () => {
    mime.define({ 'text/x-wfw-note': ['wfwnote'] });
    try {
      await expectSameAsV1(serveStatic, fx.root, undefined, [
        { ask: '/a.wfwnote', status: 200, text: 'note', has: { 'content-type': 'text/x-wfw-note; charset=UTF-8' } },
        { ask: '/big.wfwnote', status: 200, has: { 'content-type': 'text/x-wfw-note; charset=UTF-8' } },
        { ask: 'HEAD /a.wfwnote', status: 200, has: { 'content-type': 'text/x-wfw-note; charset=UTF-8' } },
      ]);
    } finally {
      delete mime.types!['wfwnote'];
      delete mime.extensions!['text/x-wfw-note'];
    }
    expect(mime.lookup('a.wfwnote')).toBe('application/octet-stream');
  });

  it('should send no Content-Type when the lookup gives nothing (an emptied default_type)', async () => {
    const saved = mime.default_type;
    mime.default_type = '';
    try {
      await expectSameAsV1(serveStatic, fx.root, undefined, [
        { ask: '/a.wfwnote', status: 200, text: 'note', has: { 'content-type': undefined, 'content-length': '4' } },
        { ask: '/big.wfwnote', status: 200, has: { 'content-type': undefined } },
        { ask: '/a.txt', status: 200, has: { 'content-type': 'text/plain; charset=UTF-8' } },
      ]);
    } finally {
      mime.default_type = saved;
    }
  });

  it('should be typed', () => {
    expectTypeOf(serveStatic.mime).toEqualTypeOf<Mime>();
    expectTypeOf(mime.lookup).returns.toEqualTypeOf<string>();
    expectTypeOf(mime.charsets.lookup).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf(serveStatic('public')).toEqualTypeOf<StaticMiddleware>();
    expectTypeOf<ServeStaticOptions['hidden']>().toEqualTypeOf<boolean | undefined>();
  });
});
