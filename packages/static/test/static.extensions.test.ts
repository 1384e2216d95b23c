import request from 'supertest';
import serveStatic, { type ServeStaticOptions } from '@webfw/static';
import { errorOf, expectAnswers, useFixture, withServer, type Answer } from './support/helpers';

const fx = useFixture({
  'about.html': 'about html',
  'about.htm': 'about htm',
  'contact.htm': 'contact htm',
  'report.html/': '',
  'report.htm': 'report htm',
  plain: 'no extension file',
});

describe('extensions', () => {
  it.each<[string, ServeStaticOptions, Answer]>([
    ['not try extensions by default', {}, ['/about', 404, 'fell through']],
    // a single string works at run time, as on serve-static (@types/serve-static types an array)
    ['accept a single string', { extensions: 'htm' as unknown as string[] }, ['/about', 200, 'about htm']],
    ['skip a candidate that is a directory', { extensions: ['html', 'htm'] }, ['/report', 200, 'report htm']],
    ['not try extensions when the request has an extension', { extensions: ['html'] }, ['/about.txt', 404, 'fell through']],
    ['serve an existing file without extension as is', { extensions: ['html'] }, ['/plain', 200, 'no extension file']],
  ])('should %s', async (_name, options, answer) => {
    await expectAnswers(serveStatic(fx.root, options), [answer]);
  });

  it('should serve the first extension found, in order', async () => {
    await withServer(serveStatic(fx.root, { extensions: ['html', 'htm'] }), async (t) => {
      const about = await request(t.server).get('/about');
      expect(about.status).toBe(200);
      expect(about.text).toBe('about html');
      expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
      expect((await request(t.server).get('/contact')).text).toBe('contact htm');
    });
  });

  it('should 404 when no extension matches and fallthrough is false', async () => {
    const t = await expectAnswers(serveStatic(fx.root, { extensions: ['html'], fallthrough: false }), [['/missing', 404]]);
    expect(errorOf(t, 0)).toMatchObject({ status: 404, code: 'ENOENT' });
  });
});
