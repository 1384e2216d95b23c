/**
 * docs/deploy.md shows the nginx configuration the deploy test runs: the two stay the same file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

it('should show in docs/deploy.md exactly the nginx.conf the deploy test runs', () => {
  const guide = readFileSync(join(__dirname, '..', '..', 'deploy.md'), 'utf8');
  const shown = /^```nginx\n([^]*?)^```$/m.exec(guide);
  expect(shown?.[1]).toBe(readFileSync(join(__dirname, 'nginx.conf'), 'utf8'));
});
