import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';

/**
 * Starts the demo exactly as `npm start` does (`node docs/examples/demo/server.js`, so the
 * BUILT packages are used) on a free port, and waits for the URL it prints.
 */
function startDemo(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'server.js')], { env: { ...process.env, PORT: '0' } });
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => (out += d));
    child.stdout!.on('data', (d: string) => {
      out += d;
      const m = /webfw demo listening on (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`demo exited with ${code}: ${out}`)));
  });
}

/** A GET through node:http (fetch adds `Cache-Control: no-cache` to conditional requests). */
function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('the demo app (node server.js)', () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  beforeAll(async () => {
    demo = await startDemo();
  });
  afterAll(async () => {
    // wait for the child to exit, so no process outlives the test file
    const exited = new Promise((resolve) => demo.child.once('exit', resolve));
    if (demo.child.exitCode === null && demo.child.signalCode === null) demo.child.kill();
    else return;
    await exited;
  });

  it('should print its URL and serve the home page with a visit cookie', async () => {
    const home = await fetch(demo.url + '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('x-powered-by')).toBe('webfw');
    expect(home.headers.getSetCookie()[0]).toMatch(/^visits=s%3A1\./);
    expect(await home.text()).toContain('<h1>webfw demo</h1>');
  });

  it('should create a note through the JSON API and list it on the page', async () => {
    const created = await fetch(demo.url + '/api/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'from the spawned demo', author: 'jest' }),
    });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: number };
    expect(created.headers.get('location')).toBe(`/api/notes/${note.id}`);
    const page = await (await fetch(demo.url + '/')).text();
    expect(page).toContain('<strong>jest</strong>: from the spawned demo');
  });

  it('should post the HTML form and redirect with 303', async () => {
    const res = await fetch(demo.url + '/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'text=form+note&author=web',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  it('should serve static assets with caching', async () => {
    const css = await fetch(demo.url + '/static/style.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await statusOf(demo.url + '/static/style.css', { 'if-none-match': css.headers.get('etag')! })).toBe(304);
  });

  it('should render error pages and log each request', async () => {
    const missing = await fetch(demo.url + '/nope', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>404</h1>');
    const invalid = await fetch(demo.url + '/api/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: { status: 400, type: 'entity.parse.failed' } });
    await waitFor(() => demo.output().includes('POST /api/notes \x1b[33m400'));
    expect(demo.output()).toMatch(/GET \/ \x1b\[32m200\x1b\[0m \d+\.\d{3} ms/);
    expect(demo.output()).toMatch(/GET \/nope \x1b\[33m404\x1b\[0m/);
    expect(demo.output()).toMatch(/POST \/notes \x1b\[36m303\x1b\[0m/);
  });
});
