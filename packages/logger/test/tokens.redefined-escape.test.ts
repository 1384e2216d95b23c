import request from 'supertest';
import logger from '@webfw/logger';
import { close } from '../../../tooling/test-support';
import { LineCapture, serve, type Middleware } from './helpers';

describe('escaping of built-in and redefined tokens', () => {
  it('should escape control characters from a built-in token redefined with logger.token', async () => {
    logger.token('http-version', () => '1.1\r\nforged');
    logger.token('status', () => 'x\x1by');
    const stream = new LineCapture();
    const { server } = await serve([logger(':method :http-version :status', { stream })]);
    try {
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['GET 1.1\\r\\nforged x\\u001by']);
    } finally {
      await close(server);
    }
  });

  it('should still escape a method and an address changed by earlier middleware', async () => {
    const tamper: Middleware = (req, _res, next) => {
      (req as { ip?: string }).ip = '10.0.0.1\nforged';
      next();
    };
    const stream = new LineCapture();
    const { server } = await serve([tamper, logger(':remote-addr :url', { stream })]);
    try {
      await request(server).get('/a%0Ab').expect(200);
      expect(await stream.waitFor(1)).toEqual(['10.0.0.1\\nforged /a%0Ab']);
    } finally {
      await close(server);
    }
  });
});
