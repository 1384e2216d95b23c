/**
 * Types of send 0.19 (the `send-v0` alias), which serve-static 1.x is built on, for what the
 * 4.x entry uses: its stream has the API @types/send describes for send 1.x; its options add
 * the legacy `hidden` flag, and it exports the mime 1.x object as `mime` (typed in ./mime.ts).
 */
declare module 'send-v0' {
  import type { IncomingMessage } from 'node:http';
  import type send1 from 'send';

  function send(req: IncomingMessage, path: string, options?: send.SendOptions): send1.SendStream;

  namespace send {
    /** send 0.19's options: send 1.x's, plus `hidden` (deprecated: dotfiles allowed or ignored). */
    interface SendOptions extends send1.SendOptions {
      hidden?: boolean;
    }
    /** The mime 1.x instance send 0.19 looks Content-Types up in (typed by `Mime` in ./mime.ts). */
    const mime: unknown;
  }

  export = send;
}
