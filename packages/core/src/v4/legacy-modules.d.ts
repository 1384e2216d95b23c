/**
 * The libraries express 4 pins at older versions, installed under aliases beside the ones the
 * 5.x entry uses: fresh 0.5 (`fresh-v0`) and range-parser 1.2 (`range-parser-v0`). Their
 * signatures are the current versions' (@types/fresh, @types/range-parser).
 */
declare module 'fresh-v0' {
  import fresh from 'fresh';
  export = fresh;
}

declare module 'range-parser-v0' {
  import parseRange from 'range-parser';
  export = parseRange;
}
