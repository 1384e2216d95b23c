import { compareV4, dump, pass } from './support/helpers';

/**
 * 4.x `req.params` (router 1.x): a plain object with a key per capturing group, an absent
 * optional parameter kept as undefined, numbered captures merged after the parent's with
 * `mergeParams`, and the caller's params restored after the router. Each case runs on
 * `@webfw/router/v4` and router 1.x and the answers are compared, then checked.
 */
type Res = { end(s: string): void };

describe('@webfw/router/v4 req.params (as router 1.x)', () => {
  it('should be a plain object (hasOwnProperty works) with an absent optional parameter as undefined', async () => {
    const answers = await compareV4(
      (router) =>
        router.get('/u/:id/:op?', (req: { params: Record<string, unknown> }, res: Res) =>
          // eslint-disable-next-line no-prototype-builtins -- what a 4.x app may call on req.params
          res.end(JSON.stringify([req.params.hasOwnProperty('op'), req.params.op === undefined, Object.keys(req.params)])),
        ),
      ['/u/1', '/u/1/edit'],
    );
    expect(answers.map((a) => JSON.parse(a.body))).toEqual([
      [true, true, ['id', 'op']],
      [true, false, ['id', 'op']],
    ]);
  });

  it.each([
    ['merge the parent params, numbered captures after the parent ones, with mergeParams', true, ['0', '1', '2', 'x', 'y']],
    ['hide the parent params without mergeParams', false, ['0', 'y']],
  ])('should %s', async (_should, mergeParams, keys) => {
    const answers = await compareV4(
      (router, Router) => {
        const child = Router({ mergeParams });
        (child.get as (...a: unknown[]) => void)('/c(\\w)/:y', dump('child'));
        router.use('/:x/v(\\d)(\\d)', pass('parent'), child);
      },
      ['/a/v12/cb/3'],
    );
    const trail = JSON.parse(answers[0]!.body) as string[];
    expect(trail[0]).toBe('parent /cb/3 /a/v12 [["0","1"],["1","2"],["x","a"]]');
    expect(trail[1]!.startsWith('child /cb/3 /a/v12 ')).toBe(true);
    expect((JSON.parse(trail[1]!.slice('child /cb/3 /a/v12 '.length)) as Array<[string]>).map((e) => e[0])).toEqual(keys);
  });

  it('should not capture a group right after a slash (`/(` is `/(?:`)', async () => {
    const answers = await compareV4((router) => router.use('/:x/(\\d)', dump('mw')), ['/a/1/rest']);
    expect(JSON.parse(answers[0]!.body)).toEqual(['mw /rest /a/1 [["x","a"]]']);
  });

  it('should give the child the same value for a name in both, with mergeParams', async () => {
    const answers = await compareV4(
      (router, Router) => {
        const child = Router({ mergeParams: true });
        (child.get as (...a: unknown[]) => void)('/:id', dump('child'));
        router.use('/:id', child);
      },
      ['/p/c'],
    );
    expect(JSON.parse(answers[0]!.body)).toEqual(['child /c /p [["id","c"]]']);
  });

  it("should restore the caller's req.params after the router", async () => {
    const answers = await compareV4(
      (router, Router) => {
        const inner = Router();
        (inner.get as (...a: unknown[]) => void)('/:b', pass('inner'));
        router.use('/:a', inner, dump('outer'));
      },
      ['/x/y'],
    );
    expect(JSON.parse(answers[0]!.body)).toEqual(['inner /y /x [["b","y"]]', 'outer /y /x [["a","x"]]']);
  });
});
