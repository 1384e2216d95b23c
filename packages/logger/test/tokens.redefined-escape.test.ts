import logger from '@webfw/logger';
import { get, logged, type Middleware } from './support/helpers';

describe('escaping of built-in and redefined tokens', () => {
  it('should escape control characters from a built-in token redefined with logger.token', async () => {
    logger.token('http-version', () => '1.1\r\nforged');
    logger.token('status', () => 'x\x1by');
    expect((await logged(':method :http-version :status', get('/'))).lines).toEqual(['GET 1.1\\r\\nforged x\\u001by']);
  });

  it('should still escape a method and an address changed by earlier middleware', async () => {
    const tamper: Middleware = (req, _res, next) => {
      (req as { ip?: string }).ip = '10.0.0.1\nforged';
      next();
    };
    expect((await logged(':remote-addr :url', get('/a%0Ab'), { before: [tamper] })).lines).toEqual(['10.0.0.1\\nforged /a%0Ab']);
  });
});
