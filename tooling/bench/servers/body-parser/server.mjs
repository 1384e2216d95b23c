/**
 * Body-parsing `node:http` server for the body-parser suite. argv[2] picks the implementation:
 * `hand` (hand-written: collect the chunks, Buffer.concat, toString, JSON.parse or
 * node:querystring, no checks at all), `body-parser` (body-parser 2.x) or `webfw`
 * (@webfw/body-parser); argv[3] the parser: `json` or `urlencoded` (defaults of each). Every
 * server answers with the number of top-level keys it parsed, so the body is really parsed.
 */
import http from 'node:http';
import querystring from 'node:querystring';
import bodyParser from 'body-parser';
import webfw from '@webfw/body-parser';
import { announce } from '../../lib/harness.mjs';

const [impl, kind] = process.argv.slice(2);

function reply(req, res) {
  const body = String(Object.keys(req.body ?? {}).length);
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}

function fail(res, err) {
  res.statusCode = err.status ?? 500;
  res.end(err.message);
}

let handler;
if (impl === 'hand') {
  const parse = kind === 'json' ? JSON.parse : querystring.parse;
  handler = (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      try {
        req.body = parse(Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        err.status = 400;
        fail(res, err);
        return;
      }
      reply(req, res);
    });
  };
} else {
  const lib = impl === 'body-parser' ? bodyParser : impl === 'webfw' ? webfw : null;
  if (!lib || (kind !== 'json' && kind !== 'urlencoded')) {
    console.error(`usage: server.mjs hand|body-parser|webfw json|urlencoded`);
    process.exit(2);
  }
  const mw = lib[kind]();
  handler = (req, res) => mw(req, res, (err) => (err ? fail(res, err) : reply(req, res)));
}

process.on('SIGTERM', () => process.exit(0));
announce(http.createServer(handler));
