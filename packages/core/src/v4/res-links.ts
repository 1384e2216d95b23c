/**
 * 4.x: `res.links` writes each value as it is (`<a,b>` for an array; 5.x writes one link per
 * URL of an array).
 */
import type { Response } from '../response/response';
import { method } from './members';

function links(this: Response, links: Record<string, string>): Response {
  let link = (this.get('Link') as string | undefined) || '';
  if (link) link += ', ';
  return this.set(
    'Link',
    link +
      Object.keys(links)
        .map((rel) => `<${String(links[rel])}>; rel="${rel}"`)
        .join(', '),
  );
}

export const linksMember: PropertyDescriptorMap = { links: method(links) };
