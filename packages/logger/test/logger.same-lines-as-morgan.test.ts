/**
 * Differential: the same formats, options and requests through morgan (current 1.x) and
 * through @webfw/logger, each on a real server of its own; the lines must be the same once
 * dates and times are masked. The requests include hostile values: `"` and `\`, C0 and C1
 * controls, U+2028/U+2029, bytes that are not UTF-8, forged Basic-auth user names.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { morgan, outputOf, REQUESTS, webfw, type AnyToken, type LoggerLibrary, type Output } from './support/differential';

/** Every token, with arguments, unknown forms and user tokens, separated by `|`. */
const EVERY_TOKEN =
  ':pid|:http-version|:method|:url|:status|:res[content-length]|:res[x-echo]|:res[set-cookie]|:res[x-w]|:res[X-W]|' +
  ':req[x-multi]|:req[x-tab]|:req[x-c0]|:req[x-c1]|:req[x-sep]|:req[x-bytes]|:req[authorization]|:referrer|:remote-addr|' +
  ':remote-user|:user-agent|:date[nope]|:hostile|:num|:zero|:empty|:arg-echo[a"b]|[:date[iso]] [:date[web]] [:date] [:date[clf]]|' +
  'rt=:response-time[2] tt=:total-time[0] rt3=:response-time';

/** The same user tokens on both libraries. */
const USER_TOKENS: Record<string, AnyToken> = {
  hostile: (req) => (req.headers['x-tamper'] ? `tok"en\\${String.fromCharCode(0x9b)}\u2029\n` : 'plain'),
  num: () => 42,
  zero: () => 0,
  empty: () => '',
  'arg-echo': (_req, _res, arg) => `arg=${arg}`,
};

beforeAll(() => {
  for (const [name, fn] of Object.entries(USER_TOKENS)) {
    morgan.token(name, fn);
    webfw.token(name, fn);
  }
});

/** Runs the same format and options through both libraries. */
async function both(format: (library: LoggerLibrary) => unknown, options: object = {}, requests: (Buffer | 'abandon')[] = REQUESTS): Promise<[Output, Output]> {
  const fromMorgan = await outputOf(morgan, format(morgan), options, requests);
  const fromWebfw = await outputOf(webfw, format(webfw), options, requests);
  return [fromMorgan, fromWebfw];
}

describe('the same lines as morgan', () => {
  it.each(['combined', 'common', 'short', 'tiny', 'dev'])('should write the %s format as morgan does', async (name) => {
    const [fromMorgan, fromWebfw] = await both(() => name);
    expect(fromMorgan.lines).toHaveLength(REQUESTS.length);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should write every token, with hostile values, as morgan does', async () => {
    const [fromMorgan, fromWebfw] = await both(() => EVERY_TOKEN);
    expect(fromMorgan.lines).toHaveLength(REQUESTS.length);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should keep the quoted fields of combined intact for a forged User-Agent', async () => {
    const [fromMorgan, fromWebfw] = await both(() => 'combined');
    const forged = fromWebfw.lines.find((line) => line.includes('/forged'));
    expect(forged).toBe('127.0.0.1 - - [<clf>] "GET /forged HTTP/1.1" 200 - "-" "x\\" 200 1 \\"-\\" \\"forged"');
    expect(fromMorgan.lines).toContain(forged);
    // one line per request: nothing a client sent split a line
    expect(fromWebfw.lines).toHaveLength(REQUESTS.length);
  });

  it('should escape C0, C1, U+2028/U+2029, quotes and backslashes as morgan does', async () => {
    const [fromMorgan, fromWebfw] = await both(() => ':req[x-c0] :req[x-c1] :req[x-sep] :remote-addr :url');
    const tampered = fromWebfw.lines.find((line) => line.includes('/orig'));
    const c0 =
      '\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f' +
      '\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f\\u007f';
    const c1 = Array.from({ length: 32 }, (_, i) => `\\u00${(0x80 + i).toString(16)}`).join('');
    expect(tampered).toBe(`${c0} ${c1} a\\u2028b\\u2029c 10.0.0.1\\"\\n /orig\\"\\\\\\u2028`);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should write - for every response token when the client goes away before the response', async () => {
    const requests: (Buffer | 'abandon')[] = ['abandon', REQUESTS[0]!, 'abandon'];
    for (const format of ['dev', 'combined', EVERY_TOKEN]) {
      const [fromMorgan, fromWebfw] = await both(() => format, {}, requests);
      expect(fromMorgan.lines).toHaveLength(3);
      expect(fromWebfw.lines).toEqual(fromMorgan.lines);
    }
  });
});

describe('the same lines as morgan, with options and format functions', () => {
  it('should write the same lines on arrival with immediate', async () => {
    const [fromMorgan, fromWebfw] = await both(() => EVERY_TOKEN, { immediate: true });
    expect(fromMorgan.lines).toHaveLength(REQUESTS.length);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should skip the same requests', async () => {
    const skip = (_req: IncomingMessage, res: ServerResponse) => res.statusCode < 400;
    const [fromMorgan, fromWebfw] = await both(() => 'tiny', { skip });
    expect(fromMorgan.lines).toHaveLength(2);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should give a format function the same (escaped) token values and compiled lines', async () => {
    const formatFor = (library: LoggerLibrary) => {
      const inner = library.compile(':method :url ":user-agent" :remote-user');
      return (tokens: Record<string, AnyToken>, req: IncomingMessage, res: ServerResponse) =>
        [
          tokens['user-agent']!(req, res),
          tokens.req!(req, res, 'x-c1'),
          tokens.url!(req, res),
          tokens.status!(req, res),
          tokens['remote-user']!(req, res),
          tokens.num!(req, res),
          typeof tokens.num!(req, res),
          inner(tokens, req, res),
        ].join(' ~ ');
    };
    const [fromMorgan, fromWebfw] = await both(formatFor);
    expect(fromMorgan.lines).toHaveLength(REQUESTS.length);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should write nothing for a format function returning null or undefined, as morgan', async () => {
    const formatFn = () => (_tokens: unknown, req: IncomingMessage) => (req.url === '/plain?q=1' ? `kept ${req.url}` : req.url === '/old' ? null : undefined);
    const [fromMorgan, fromWebfw] = await both(formatFn);
    expect(fromMorgan.lines).toEqual(['kept /plain?q=1']);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should write a format function returning a number or an object as morgan does', async () => {
    const formatFn = () => (_tokens: unknown, req: IncomingMessage) => (req.url === '/old' ? 7 : { toString: () => `obj ${req.url}` });
    const [fromMorgan, fromWebfw] = await both(formatFn, {}, REQUESTS.slice(14, 17));
    expect(fromMorgan.lines).toEqual(['obj /referrer', '7', 'obj /tampered']);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });
});

describe('the dev format with NO_COLOR, as morgan', () => {
  const saved = process.env.NO_COLOR;
  afterEach(() => {
    if (saved === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = saved;
  });

  /** Both libraries loaded afresh with `NO_COLOR` as given (it is read when they load). */
  function freshLibraries(noColor: string): [LoggerLibrary, LoggerLibrary] {
    process.env.NO_COLOR = noColor;
    let libraries: [LoggerLibrary, LoggerLibrary] | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      libraries = [require('morgan') as LoggerLibrary, (require('@webfw/logger') as { default: LoggerLibrary }).default];
    });
    return libraries!;
  }

  it('should write dev without any escape sequence when NO_COLOR is set', async () => {
    const [freshMorgan, freshWebfw] = freshLibraries('1');
    const fromMorgan = await outputOf(freshMorgan, 'dev', {}, REQUESTS);
    const fromWebfw = await outputOf(freshWebfw, 'dev', {}, REQUESTS);
    expect(fromMorgan.lines).toHaveLength(REQUESTS.length);
    expect(fromMorgan.lines.join('\n')).not.toContain('\x1b');
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
    expect(fromWebfw.lines[0]).toBe('GET /plain?q=1 200 <n.3> ms - -');
  });

  it('should keep dev coloured when NO_COLOR is empty', async () => {
    const [freshMorgan, freshWebfw] = freshLibraries('');
    const fromMorgan = await outputOf(freshMorgan, 'dev', {}, REQUESTS.slice(0, 3));
    const fromWebfw = await outputOf(freshWebfw, 'dev', {}, REQUESTS.slice(0, 3));
    expect(fromWebfw.lines[0]).toBe('\x1b[0mGET /plain?q=1 \x1b[32m200\x1b[0m <n.3> ms - -\x1b[0m');
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });
});
