import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** Starts the demo exactly as `npm start` does (on a free port) and waits for its URL. */
function startDemo(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'server.js')], { env: { ...process.env, PORT: '0' } });
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      const m = /listening on (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`demo exited with ${code}: ${out}`)));
  });
}

describe('the demo app', () => {
  it('should print its URL, answer, and log each request', async () => {
    const { child, url, output } = await startDemo();
    try {
      const home = await fetch(url + '/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<h1>webfw demo</h1>');
      const missing = await fetch(url + '/nope');
      expect(missing.status).toBe(404);
      for (let i = 0; i < 50 && !output().includes('/nope'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(output()).toMatch(/GET \/ \x1b\[32m200\x1b\[0m \d+\.\d{3} ms/);
      expect(output()).toMatch(/GET \/nope \x1b\[33m404\x1b\[0m/);
    } finally {
      child.kill();
    }
  });
});
