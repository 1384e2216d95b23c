/**
 * The small apps the release rehearsal installs from the registry (and from the tarballs): each
 * listens on port 0, asks itself over HTTP, prints the answers and exits, so a test compares the
 * printed text with what the app must answer.
 */
import { join } from 'node:path';

/** Each package's first release: the version `changeset version` gives it. */
export const FIRST = { logger: '1.0.0', 'body-parser': '2.0.0', router: '2.0.0', static: '2.0.0', core: '5.0.0' };

/** The small apps: each listens on port 0, asks itself over HTTP, prints the answers, and exits. */
const ASK = `
async function ask(server, requests) {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + server.address().port;
  const out = [];
  for (const [method, path, body, type] of requests) {
    const res = await fetch(base + path, { method, body, headers: type ? { 'content-type': type } : {} });
    out.push(res.status + ' ' + (res.headers.get('content-type') || '-') + ' ' + (await res.text()));
  }
  server.close();
  process.stdout.write(out.join('\\n') + '\\n');
}
`;

export interface Case {
  title: string;
  dependencies: (v: typeof FIRST) => Record<string, string>;
  files: Record<string, string>;
  expected: string;
}

export const CASES: Case[] = [
  {
    title: '@webfw/logger alone, on bare node:http',
    dependencies: (v) => ({ '@webfw/logger': `^${v.logger}` }),
    files: {
      'app.js': `const http = require('node:http');
const logger = require('@webfw/logger');
const lines = [];
const log = logger(':method :url :status', { stream: { write: (line) => lines.push(line) } });
const server = http.createServer((req, res) => log(req, res, () => res.end(req.url === '/log' ? lines.join('') : 'hello')));
${ASK}
ask(server, [['GET', '/a'], ['GET', '/log']]);
`,
    },
    expected: '200 - hello\n200 - GET /a 200\n\n',
  },
  {
    title: '@webfw/body-parser alone',
    dependencies: (v) => ({ '@webfw/body-parser': `^${v['body-parser']}` }),
    files: {
      'app.js': `const http = require('node:http');
const bodyParser = require('@webfw/body-parser');
const json = bodyParser.json();
const server = http.createServer((req, res) => json(req, res, (err) => {
  res.statusCode = err ? err.status : 200;
  res.end(err ? err.type : JSON.stringify(req.body));
}));
${ASK}
ask(server, [['POST', '/', '{"a":[1,2]}', 'application/json'], ['POST', '/', '{bad', 'application/json']]);
`,
    },
    expected: '200 - {"a":[1,2]}\n400 - entity.parse.failed\n',
  },
  {
    title: '@webfw/static alone',
    dependencies: (v) => ({ '@webfw/static': `^${v.static}` }),
    files: {
      'public/hello.txt': 'static hello\n',
      'app.js': `const http = require('node:http');
const serveStatic = require('@webfw/static');
const serve = serveStatic(__dirname + '/public');
const server = http.createServer((req, res) => serve(req, res, () => { res.statusCode = 404; res.end('none'); }));
${ASK}
ask(server, [['GET', '/hello.txt'], ['GET', '/missing']]);
`,
    },
    expected: '200 text/plain; charset=utf-8 static hello\n\n404 - none\n',
  },
  {
    title: '@webfw/core (an ES module app)',
    dependencies: (v) => ({ '@webfw/core': `^${v.core}` }),
    files: {
      'app.mjs': `import webfw, { json } from '@webfw/core';
const app = webfw();
app.use(json());
app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
app.post('/echo', (req, res) => res.send(req.body));
${ASK}
ask(app.listen ? (await import('node:http')).createServer(app) : null, [['GET', '/users/7'], ['POST', '/echo', '{"x":1}', 'application/json'], ['GET', '/nope']]);
`,
    },
    expected:
      '200 application/json; charset=utf-8 {"id":"7"}\n200 application/json; charset=utf-8 {"x":1}\n404 text/html; charset=utf-8 <!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /nope</pre>\n</body>\n</html>\n\n',
  },
  {
    title: 'an express app, through "express": "npm:@webfw/core@<version>"',
    dependencies: (v) => ({ express: `npm:@webfw/core@${v.core}` }),
    files: {
      'app.js': `const express = require('express');
const app = express();
app.use(express.urlencoded({ extended: true }));
const router = express.Router();
router.get('/:name', (req, res) => res.type('text').send('hi ' + req.params.name));
app.use('/greet', router);
app.post('/form', (req, res) => res.json(req.body));
const server = require('node:http').createServer(app);
${ASK}
ask(server, [['GET', '/greet/ann'], ['POST', '/form', 'a[b]=1', 'application/x-www-form-urlencoded']]);
`,
    },
    expected: '200 text/plain; charset=utf-8 hi ann\n200 application/json; charset=utf-8 {"a":{"b":"1"}}\n',
  },
];

export type Manager = 'npm' | 'pnpm' | 'yarn';
export const MANAGERS: Manager[] = ['npm', 'pnpm', 'yarn'];

/** The install command of `manager` in the project at `dir`, against the registry at `registry`; `yarn` is yarn classic's entry point. */
export function installCommand(manager: Manager, dir: string, registry: string, yarn: string): [string, string[]] {
  if (manager === 'npm') return ['npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']];
  if (manager === 'pnpm') return ['pnpm', ['install', '--reporter=silent', `--registry=${registry}`]];
  return [
    process.execPath,
    [
      yarn,
      'install',
      '--non-interactive',
      '--silent',
      '--no-lockfile',
      `--registry=${registry}`,
      '--cache-folder',
      join(dir, '..', '.yarn-cache-' + Date.now()),
    ],
  ];
}
