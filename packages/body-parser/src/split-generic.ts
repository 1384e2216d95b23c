/** The message body-parser 2.x throws when its generic `bodyParser()` is called. */
export const SPLIT_GENERIC_MESSAGE = 'The bodyParser() generic has been split into individual middleware to use instead.';

/**
 * The package's own default export when called, `bodyParser()`: the combined json + urlencoded
 * middleware of body-parser 1.x no longer exists, so this always throws a plain `Error` with
 * body-parser 2.x's message, whatever the arguments. Use `bodyParser.json()`,
 * `bodyParser.urlencoded()` (or `raw`, `text`) instead.
 */
export function bodyParser(): never {
  throw new Error(SPLIT_GENERIC_MESSAGE);
}
