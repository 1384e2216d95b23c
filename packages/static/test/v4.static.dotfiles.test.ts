/**
 * The 4.x `dotfiles` default: not set, which send 0.19 reads as "ignore a path whose last
 * segment begins with a dot, allow dot directories above it" (the 5.x entry ignores both).
 * Explicit values behave as in the 5.x entry. Compared with serve-static 1.x.
 */
import serveStatic from '@webfw/static/v4';
import serveStatic5 from '@webfw/static';
import { expectAnswers, expectSameAsV1, useFixture, type V1Case } from './support/helpers';

const fx = useFixture({
  '.env': 'SECRET=1',
  '.well-known/security.txt': 'contact: me',
  '.well-known/.secret': 'nested secret',
  '.hidden/index.html': 'hidden index',
  '.hidden/page.txt': 'hidden page',
  'visible.txt': 'visible',
  'dir/.inner.txt': 'inner dotfile',
});

const fellThrough = (ask: string): V1Case => ({ ask, status: 404, text: 'fell through', next: 'next' });
const served = (ask: string, text: string): V1Case => ({ ask, status: 200, text });

describe('dotfiles not set (the 4.x default)', () => {
  it('should ignore a path whose last segment is a dotfile and serve files inside dot directories', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      fellThrough('/.env'),
      fellThrough('/%2eenv'),
      fellThrough('/dir/.inner.txt'),
      fellThrough('/.well-known/.secret'),
      fellThrough('/.hidden'),
      served('/.well-known/security.txt', 'contact: me'),
      served('/.hidden/page.txt', 'hidden page'),
      served('/.hidden/', 'hidden index'),
      served('/visible.txt', 'visible'),
    ]);
  });

  it('should give a 404 error for an ignored dotfile when fallthrough is false', async () => {
    await expectSameAsV1(serveStatic, fx.root, { fallthrough: false }, [
      { ask: '/.env', status: 404, text: 'Not Found', next: 404 },
      { ask: '/.hidden', status: 404, text: 'Not Found', next: 404 },
      served('/.well-known/security.txt', 'contact: me'),
    ]);
  });

  it('should differ from the 5.x default, which ignores dot directories too', async () => {
    await expectAnswers(serveStatic5(fx.root), [
      ['/.well-known/security.txt', 404, 'fell through'],
      ['/.hidden/', 404, 'fell through'],
    ]);
  });
});

describe('dotfiles set', () => {
  it.each<[string, object, V1Case[]]>([
    [
      'ignore',
      { dotfiles: 'ignore' },
      [fellThrough('/.env'), fellThrough('/.well-known/security.txt'), fellThrough('/.hidden/'), served('/visible.txt', 'visible')],
    ],
    [
      'deny',
      { dotfiles: 'deny', fallthrough: false },
      [
        { ask: '/.env', status: 403, text: 'Forbidden', next: 403 },
        { ask: '/.well-known/security.txt', status: 403, text: 'Forbidden', next: 403 },
        { ask: '/.hidden/', status: 403, text: 'Forbidden', next: 403 },
      ],
    ],
    ['deny, falling through', { dotfiles: 'deny' }, [fellThrough('/.env'), fellThrough('/.hidden/page.txt')]],
    [
      'allow',
      { dotfiles: 'allow' },
      [
        served('/.env', 'SECRET=1'),
        served('/.well-known/.secret', 'nested secret'),
        served('/.hidden/', 'hidden index'),
        served('/dir/.inner.txt', 'inner dotfile'),
      ],
    ],
  ])('should treat dotfiles with %s as serve-static 1.x does', async (_name, options, cases) => {
    await expectSameAsV1(serveStatic, fx.root, options, cases);
  });
});
