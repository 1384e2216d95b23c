'use strict';
/**
 * The demo's data: an in-memory list of notes and the validation shared by the JSON API and
 * the HTML form. Nothing here knows about HTTP.
 */

const MAX_TEXT = 200;
const MAX_AUTHOR = 40;

/** In-memory notes, newest last; ids are positive integers that are never reused. */
class NoteStore {
  constructor() {
    this.notes = new Map();
    this.nextId = 1;
  }

  /** Every note, oldest first. */
  list() {
    return [...this.notes.values()];
  }

  /** The note with this id, or undefined. */
  get(id) {
    return this.notes.get(id);
  }

  /** Stores a validated `{ text, author }` and returns the new note. */
  add({ text, author }) {
    const note = { id: this.nextId++, text, author, createdAt: new Date().toISOString() };
    this.notes.set(note.id, note);
    return note;
  }

  /** Removes a note; true when it existed. */
  remove(id) {
    return this.notes.delete(id);
  }
}

/**
 * Validates untrusted input (a parsed JSON or urlencoded body) into `{ value }` or
 * `{ errors }`, where errors maps each bad field to a message. Only own string fields count,
 * so `__proto__` or array tricks cannot smuggle anything in.
 */
function validateNote(body) {
  const errors = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { errors: { body: 'expected an object with a "text" field' } };
  }
  const text = Object.prototype.hasOwnProperty.call(body, 'text') ? body.text : undefined;
  const author = Object.prototype.hasOwnProperty.call(body, 'author') ? body.author : undefined;

  if (typeof text !== 'string' || text.trim() === '') errors.text = 'text is required';
  else if (text.trim().length > MAX_TEXT) errors.text = `text must be at most ${MAX_TEXT} characters`;

  if (author !== undefined && author !== '' && typeof author !== 'string') errors.author = 'author must be a string';
  else if (typeof author === 'string' && author.trim().length > MAX_AUTHOR) errors.author = `author must be at most ${MAX_AUTHOR} characters`;

  if (Object.keys(errors).length > 0) return { errors };
  return { value: { text: text.trim(), author: (typeof author === 'string' && author.trim()) || 'anonymous' } };
}

module.exports = { NoteStore, validateNote, MAX_TEXT, MAX_AUTHOR };
