import logger from '@webfw/logger';
test('smoke', () => { expect(logger()).toBe('x'); });
