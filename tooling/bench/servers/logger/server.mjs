/**
 * Hello-world `node:http` server for the logger suite. argv[2] picks the logger:
 * `none`, `morgan` or `webfw`; both loggers write the `combined` format to a null stream.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import morgan from 'morgan';
import logger from '@webfw/logger';
import { announce } from '../../lib/harness.mjs';

const nullStream = new Writable({
  write(_chunk, _enc, cb) {
    cb();
  },
});

const which = process.argv[2];
const mw = which === 'morgan' ? morgan('combined', { stream: nullStream }) : which === 'webfw' ? logger('combined', { stream: nullStream }) : null;

function hello(_req, res) {
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('Content-Length', '11');
  res.end('hello world');
}

const server = mw ? http.createServer((req, res) => mw(req, res, () => hello(req, res))) : http.createServer(hello);
process.on('SIGTERM', () => process.exit(0));
announce(server);
