'use strict';
/**
 * The demo's notes in Redis, for when several instances serve the same notes: one hash holds
 * every note (field: the id, value: the note as JSON) and a counter hands out the ids, so ids
 * are never reused, whichever instance adds the note. Same methods as the in-memory NoteStore
 * (notes.js), each returning a promise; a Redis error rejects it (the app answers 503).
 */

class RedisNoteStore {
  /** `client` is a connected node-redis client; every key starts with `prefix`. */
  constructor(client, prefix = 'demo:') {
    this.client = client;
    this.notesKey = `${prefix}notes`;
    this.lastIdKey = `${prefix}notes:last-id`;
  }

  /** Every note, oldest first. */
  async list() {
    const values = await this.client.hVals(this.notesKey);
    return values.map((value) => JSON.parse(value)).sort((a, b) => a.id - b.id);
  }

  /** The note with this id, or undefined. */
  async get(id) {
    const value = await this.client.hGet(this.notesKey, String(id));
    return value == null ? undefined : JSON.parse(value);
  }

  /** Stores a validated `{ text, author }` and returns the new note. */
  async add({ text, author }) {
    const id = await this.client.incr(this.lastIdKey);
    const note = { id, text, author, createdAt: new Date().toISOString() };
    await this.client.hSet(this.notesKey, String(id), JSON.stringify(note));
    return note;
  }

  /** Removes a note; true when it existed. */
  async remove(id) {
    return (await this.client.hDel(this.notesKey, String(id))) === 1;
  }
}

module.exports = { RedisNoteStore };
