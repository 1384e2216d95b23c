import { extname } from 'node:path';
import typeis from 'type-is';

/**
 * A `type` option given as an extension name (`'js'`, `'.json'`, `'bin'`, `'file.html'`) is
 * looked up as body-parser 1.x's type-is 1.6 looks it up: in mime-types 2.1 (mime-db 1.52).
 * The 5.x entry looks it up in mime-types 3 (mime-db 1.54), which answers differently for the
 * extensions below: `js` and `mjs` are `application/javascript` (not `text/javascript`), `wav`
 * is `audio/wave`, `sql` is `application/x-sql`, ... and the extensions mime-db 1.52 did not
 * know yet (`false`: a parser with such a `type` matches nothing). Every other name, the
 * shorthands `urlencoded` and `multipart`, `+suffix` types and full types normalize as in 5.x.
 */
const EXTENSION_TYPES_V1: Readonly<Record<string, string | false>> = {
  '210': false,
  aac: 'audio/x-aac',
  adts: false,
  aml: false,
  amlx: false,
  appinstaller: false,
  appx: false,
  appxbundle: false,
  bary: false,
  bdo: false,
  blend: false,
  brush: false,
  brushset: false,
  btf: false,
  cld: false,
  cwl: false,
  dcm: false,
  dcmp: false,
  dib: false,
  dng: false,
  dpx: false,
  drm: false,
  es: 'application/ecmascript',
  fbx: false,
  fdf: 'application/vnd.fdf',
  gdraw: false,
  gform: false,
  ggs: false,
  gjam: false,
  gmap: false,
  gscript: false,
  gsite: false,
  hsj2: 'image/hsj2',
  ipynb: false,
  jaii: false,
  jais: false,
  jfif: false,
  jpgm: 'video/jpm',
  js: 'application/javascript',
  jt: false,
  jxl: false,
  lottie: false,
  m2t: false,
  m2ts: false,
  m4b: false,
  mht: false,
  mhtml: false,
  mjs: 'application/javascript',
  msix: false,
  msixbundle: false,
  mts: 'model/vnd.mts',
  one: false,
  onea: false,
  p21: false,
  prc: 'application/x-mobipocket-ebook',
  pyo: false,
  pyox: false,
  sql: 'application/x-sql',
  step: false,
  stp: false,
  stpnc: false,
  u3d: false,
  uo: false,
  usda: false,
  vdx: false,
  vsdx: false,
  vtx: false,
  wav: 'audio/wave',
  wgsl: false,
  xdcf: false,
  xfdf: 'application/vnd.adobe.xfdf',
  xhtm: false,
  xsf: false,
};

/**
 * The media type a `type` option entry stands for, as type-is 1.6 normalizes it: `false` when it
 * is no string or an unknown extension name.
 */
export function normalizeTypeV1(type: unknown): string | false {
  if (typeof type !== 'string') return false;
  if (type !== 'urlencoded' && type !== 'multipart' && type[0] !== '+' && !type.includes('/')) {
    // the extension of "ext", ".ext" or a file name, as mime-types finds it
    const extension = extname(`x.${type}`).toLowerCase().slice(1);
    if (Object.hasOwn(EXTENSION_TYPES_V1, extension)) return EXTENSION_TYPES_V1[extension] as string | false;
  }
  return typeis.normalize(type);
}
