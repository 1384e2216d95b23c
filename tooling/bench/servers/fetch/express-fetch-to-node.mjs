/**
 * express 5's app (the express app of the frameworks suite) made a fetch handler by
 * fetch-to-node, as people put an express app behind Bun.serve / Deno.serve today: each
 * `Request` becomes node-like `req`/`res` (`toReqRes`), the app answers, and `toFetchResponse`
 * makes the `Response` once `res` has finished. express gives each request and response its
 * own prototypes, which inherit node's classes: they are put on fetch-to-node's classes
 * instead, as express needs to run on them. (`BENCH_FETCH_TO_NODE`: where fetch-to-node is,
 * when it is not one of the bench's own dependencies.)
 */
import express from 'express';
import { expressApp } from '../frameworks/express-app.mjs';
import { serveFetch } from './serve.mjs';

const { toReqRes, toFetchResponse } = await import(process.env.BENCH_FETCH_TO_NODE || 'fetch-to-node');
const app = expressApp(express);
const sample = toReqRes(new Request('http://127.0.0.1/'));
Object.setPrototypeOf(express.request, Object.getPrototypeOf(sample.req));
Object.setPrototypeOf(express.response, Object.getPrototypeOf(sample.res));

serveFetch((request) => {
  const { req, res } = toReqRes(request);
  app(req, res);
  return toFetchResponse(res);
});
