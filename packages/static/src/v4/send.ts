import sendV0 from 'send-v0';
import type { StaticEngine } from '../serve-static';
import { contentTypeOf } from './mime';

/**
 * The engine of the 4.x entry: send 0.19, the send serve-static 1.x is built on, so every
 * answer it gives (errors and their messages, 304/412/206/416, dotfiles, redirects' 404s, its
 * depd warnings) is send 0.19's; the small-file fast path sets the Content-Type send 0.19
 * would (mime 1.x, see ./mime.ts).
 */
export const send019: StaticEngine = { send: sendV0, contentType: contentTypeOf };
