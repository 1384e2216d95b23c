import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { readFileSync } from 'node:fs';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';
import { multipart, tempDir } from './support/requests';

captureOutput();
afterEach(closeAll);

const dir = tempDir('multer');

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function describeFile(f: Express.Multer.File) {
  return { fieldname: f.fieldname, originalname: f.originalname, encoding: f.encoding, mimetype: f.mimetype, size: f.size };
}

/** multer's README: memory storage with limits, single / array / fields / none, errors shown by an error handler. */
function app(fw: Factory) {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 64, files: 3 } });
  const app = fw();
  app.post('/profile', upload.single('avatar'), (req, res) => {
    res.json({ file: req.file ? { ...describeFile(req.file), content: req.file.buffer.toString('hex') } : null, body: req.body });
  });
  app.post('/photos/upload', upload.array('photos', 2), (req, res) => {
    res.json({ files: (req.files as Express.Multer.File[]).map(describeFile), body: req.body });
  });
  app.post(
    '/cool-profile',
    upload.fields([
      { name: 'avatar', maxCount: 1 },
      { name: 'gallery', maxCount: 8 },
    ]),
    (req, res) => {
      const files = req.files as Record<string, Express.Multer.File[]>;
      res.json(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.map(describeFile)])));
    },
  );
  app.post('/form', upload.none(), (req, res) => {
    res.json(req.body);
  });
  app.post('/disk', multer({ dest: dir() }).single('doc'), (req, res) => {
    const f = req.file as Express.Multer.File;
    res.json({ ...describeFile(f), saved: readFileSync(f.path, 'utf8'), inDest: f.destination === dir() });
  });
  app.use((err: Error & { code?: string; field?: string; status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err instanceof multer.MulterError ? 400 : (err.status ?? 500)).json({ name: err.name, code: err.code, field: err.field, message: err.message });
  });
  return app;
}

function post(path: string, parts: Parameters<typeof multipart>[0]) {
  const { body, contentType } = multipart(parts);
  return { method: 'POST', path, headers: { 'Content-Type': contentType }, body };
}

describe('multer on express 5 and webfw', () => {
  test('single file with text fields (memory storage)', async () => {
    const pair = await build(app);
    const { express: r } = await pair.send(
      post('/profile', [
        { name: 'name', value: 'tobi' },
        { name: 'avatar', value: PNG, filename: 'me.png', type: 'image/png' },
        { name: 'tags[]', value: 'a' },
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({
      file: { fieldname: 'avatar', originalname: 'me.png', encoding: '7bit', mimetype: 'image/png', size: 16, content: PNG.toString('hex') },
      body: { name: 'tobi', tags: ['a'] },
    });
  });

  test('array and fields; none() takes text only', async () => {
    const pair = await build(app);
    const photos = await pair.send(
      post('/photos/upload', [
        { name: 'photos', value: 'one', filename: 'a.txt', type: 'text/plain' },
        { name: 'photos', value: 'two!', filename: 'b.txt', type: 'text/plain' },
        { name: 'album', value: 'summer' },
      ]),
    );
    expect(photos.express.json()).toEqual({
      files: [
        { fieldname: 'photos', originalname: 'a.txt', encoding: '7bit', mimetype: 'text/plain', size: 3 },
        { fieldname: 'photos', originalname: 'b.txt', encoding: '7bit', mimetype: 'text/plain', size: 4 },
      ],
      body: { album: 'summer' },
    });
    const fields = await pair.send(
      post('/cool-profile', [
        { name: 'avatar', value: PNG, filename: 'me.png', type: 'image/png' },
        { name: 'gallery', value: 'g1', filename: 'g1.jpg', type: 'image/jpeg' },
        { name: 'gallery', value: 'g2', filename: 'g2.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(Object.keys(fields.express.json() as object)).toEqual(['avatar', 'gallery']);
    const none = await pair.send(
      post('/form', [
        { name: 'a', value: '1' },
        { name: 'b', value: 'two' },
      ]),
    );
    expect(none.express.json()).toEqual({ a: '1', b: 'two' });
  });

  test('limits: file too large, more files than the field takes, more than limits.files, unexpected field', async () => {
    const pair = await build(app);
    const large = await pair.send(post('/profile', [{ name: 'avatar', value: Buffer.alloc(100, 1), filename: 'big.bin' }]));
    expect(large.express.status).toBe(400);
    expect(large.express.json()).toEqual({ name: 'MulterError', code: 'LIMIT_FILE_SIZE', field: 'avatar', message: 'File too large' });

    const many = await pair.send(
      post('/photos/upload', [
        { name: 'photos', value: '1', filename: '1.txt' },
        { name: 'photos', value: '2', filename: '2.txt' },
        { name: 'photos', value: '3', filename: '3.txt' },
      ]),
    );
    expect(many.express.status).toBe(400);
    expect(many.express.json()).toEqual({ name: 'MulterError', code: 'LIMIT_UNEXPECTED_FILE', field: 'photos', message: 'Unexpected file field' });

    const count = await pair.send(
      post(
        '/cool-profile',
        [1, 2, 3, 4].map((n) => ({ name: 'gallery', value: String(n), filename: `${n}.jpg` })),
      ),
    );
    expect(count.express.status).toBe(400);
    expect(count.express.json()).toEqual({ name: 'MulterError', code: 'LIMIT_FILE_COUNT', message: 'Too many files' });

    const unexpected = await pair.send(post('/form', [{ name: 'file', value: 'x', filename: 'x.txt' }]));
    expect(unexpected.express.status).toBe(400);
    expect(unexpected.express.json()).toEqual({ name: 'MulterError', code: 'LIMIT_UNEXPECTED_FILE', field: 'file', message: 'Unexpected file field' });
  });

  test('malformed multipart and non-multipart bodies', async () => {
    const pair = await build(app);
    const truncated = await pair.send({
      method: 'POST',
      path: '/profile',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue',
    });
    expect(truncated.express.status).toBe(500);
    expect(truncated.express.json()).toEqual({ name: 'Error', message: 'Unexpected end of form' });
    const json = await pair.send({ method: 'POST', path: '/profile', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
    expect(json.express.json()).toEqual({ file: null }); // multer skips it: no body parsed
  });

  test('disk storage writes the file under dest', async () => {
    const pair = await build(app);
    const { express: r } = await pair.send(post('/disk', [{ name: 'doc', value: 'hello disk', filename: 'note.txt', type: 'text/plain' }]));
    expect(r.json()).toEqual({
      fieldname: 'doc',
      originalname: 'note.txt',
      encoding: '7bit',
      mimetype: 'text/plain',
      size: 10,
      saved: 'hello disk',
      inDest: true,
    });
  });
});
