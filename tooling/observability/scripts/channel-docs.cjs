'use strict';
/**
 * The code blocks of docs/observability.md the channel tests run as written: each follows a
 * marker comment `<!-- run: <name> -->`.
 */
const fs = require('node:fs');
const path = require('node:path');

const doc = path.join(__dirname, '../../../docs/observability.md');

/** The body of the fenced block after `<!-- run: name -->` in docs/observability.md. Throws when there is none. */
module.exports = function docBlock(name) {
  const text = fs.readFileSync(doc, 'utf8');
  const at = text.indexOf(`<!-- run: ${name} -->`);
  if (at < 0) throw new Error(`docs/observability.md has no block marked <!-- run: ${name} -->`);
  const m = /```[a-z]*\n([\s\S]*?)\n```/.exec(text.slice(at));
  if (!m) throw new Error(`no code block after <!-- run: ${name} -->`);
  return `${m[1]}\n`;
};
