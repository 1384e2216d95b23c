import request from 'supertest';
import logger from '@webfw/logger';
import { close, rawRequest } from '../../../tooling/test-support';
import { LineCapture, serve } from './helpers';

const CLF_DATE = String.raw`\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} \+0000`;

describe('predefined formats', () => {
  it('should write the combined format', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger('combined', { stream })], (_req, res) => {
      res.setHeader('Content-Length', '5');
      res.end('hello');
    });
    try {
      await request(server).get('/path?q=1').set('Referer', 'http://ref.example/').set('User-Agent', 'agent/1.0').auth('tobi', 'secret').expect(200);
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(new RegExp(`^127\\.0\\.0\\.1 - tobi \\[${CLF_DATE}\\] "GET /path\\?q=1 HTTP/1\\.1" 200 5 "http://ref\\.example/" "agent/1\\.0"$`));
    } finally {
      await close(server);
    }
  });

  it('should write the common format with - for absent values', async () => {
    const stream = new LineCapture();
    const { server, port } = await serve([logger('common', { stream })], (_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    try {
      await rawRequest(port, 'DELETE /thing HTTP/1.0\r\nHost: x\r\n\r\n');
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(new RegExp(`^127\\.0\\.0\\.1 - - \\[${CLF_DATE}\\] "DELETE /thing HTTP/1\\.0" 204 -$`));
    } finally {
      await close(server);
    }
  });

  it('should write the short format', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger('short', { stream })], (_req, res) => {
      res.setHeader('Content-Length', 3);
      res.end('abc');
    });
    try {
      await request(server).post('/s').expect(200);
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(/^127\.0\.0\.1 - POST \/s HTTP\/1\.1 200 3 - \d+\.\d{3} ms$/);
    } finally {
      await close(server);
    }
  });

  it('should write the tiny format', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger('tiny', { stream })], (_req, res) => {
      res.setHeader('Content-Length', 4);
      res.end('abcd');
    });
    try {
      await request(server).get('/t').expect(200);
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(/^GET \/t 200 4 - \d+\.\d{3} ms$/);
    } finally {
      await close(server);
    }
  });

  it.each([
    [200, 32],
    [201, 32],
    [304, 36],
    [302, 36],
    [404, 33],
    [400, 33],
    [500, 31],
    [503, 31],
  ])('should colour status %i with ANSI %i in the dev format', async (status, color) => {
    const stream = new LineCapture();
    const { server } = await serve([logger('dev', { stream })], (_req, res) => {
      res.statusCode = status;
      res.end();
    });
    try {
      await request(server).get('/d').expect(status);
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(new RegExp(`^\\x1b\\[0mGET /d \\x1b\\[${color}m${status}\\x1b\\[0m \\d+\\.\\d{3} ms - -\\x1b\\[0m$`));
    } finally {
      await close(server);
    }
  });

  it('should leave the status uncoloured in dev when no response was sent', async () => {
    const stream = new LineCapture();
    const { server, port } = await serve([logger('dev', { stream })], (req) => {
      req.socket.destroy();
    });
    try {
      await rawRequest(port, 'GET /gone HTTP/1.1\r\nHost: x\r\n\r\n');
      const [line] = await stream.waitFor(1);
      expect(line).toBe('\x1b[0mGET /gone \x1b[0m-\x1b[0m - ms - -\x1b[0m');
    } finally {
      await close(server);
    }
  });

  it('should expose the predefined format strings on logger', () => {
    expect(logger.combined).toBe(
      ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
    );
    expect(logger.common).toBe(':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]');
    expect(logger.short).toBe(':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms');
    expect(logger.tiny).toBe(':method :url :status :res[content-length] - :response-time ms');
    expect(typeof logger.dev).toBe('function');
  });
});
