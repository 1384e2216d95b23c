/**
 * webfw's hello app on a server the user made, `http.createServer(app)` (as supertest, socket.io
 * and graceful-shutdown recipes do), instead of `app.listen()`: the same app as webfw.mjs.
 */
import { createServer } from 'node:http';
import webfw from '@webfw/core';
import logger from '@webfw/logger';
import { announcePort } from './common.mjs';
import { expressApp } from './express-app.mjs';

const app = expressApp(webfw, logger);
const server = createServer(app).listen(0, '127.0.0.1', () => announcePort(server.address().port));
