// SPDX-License-Identifier: MIT
// png_check.js - reads a browser's PNG screenshot of a `pdn board --svg`
// diagram and checks the colour at the centre of given squares.
//   node png_check.js DIAGRAM.svg SCREENSHOT.png CHECK...
// CHECK is COL,ROW,COLOUR: a square by display column and row (0,0 = top
// left) and what its centre must show: white, black, gold (a king's crown),
// light, dark (empty squares), hl:R:light or hl:R:dark (a [%csl] highlight
// of colour letter R over that square), arrow:G:light or arrow:G:dark (a
// [%cal] arrow's shaft).  The colours are the renderer's (diagram_svg.c,
// svg_pieces.c); where the board lies is read from the SVG itself.
// Prints one line per check and "N passed, M failed"; exits 1 on a failure.
'use strict';
const fs = require('fs');
const zlib = require('zlib');

// Decodes an 8-bit RGB or RGBA PNG without interlacing (what Chromium writes).
function decodePng(buf) {
  const sig = '89504e470d0a1a0a';
  if (buf.subarray(0, 8).toString('hex') !== sig) throw new Error('not a PNG');
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8], colorType = data[9], interlace = data[12];
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colorType}`);
      channels = colorType === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels, px = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? px[y * stride + x - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`bad PNG filter ${filter}`);
      px[y * stride + x] = v & 255;
    }
  }
  return { width, height, at: (x, y) => [...px.subarray(y * stride + x * channels, y * stride + x * channels + 3)] };
}

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const blend = (top, under, alpha) => top.map((v, i) => v * alpha + under[i] * (1 - alpha));
const squares = { light: hex('#f5deb3'), dark: hex('#cd853f') };
const marks = { R: hex('#e0201b'), G: hex('#15a035'), Y: hex('#f2c200'), B: hex('#1f5fe0') };
function expected(name) {
  const fixed = { white: hex('#fafafa'), black: hex('#222222'), gold: hex('#e8b520'), ...squares };
  if (fixed[name]) return fixed[name];
  const [kind, letter, under] = name.split(':');
  if (!marks[letter] || !squares[under]) throw new Error(`unknown colour '${name}'`);
  if (kind === 'hl') return blend(marks[letter], squares[under], 0.6); // fill-opacity
  if (kind === 'arrow') return blend(marks[letter], squares[under], 0.8); // group opacity
  throw new Error(`unknown colour '${name}'`);
}

const [svgPath, pngPath, ...checks] = process.argv.slice(2);
const svg = fs.readFileSync(svgPath, 'utf8');
const attr = (tag, name) => Number((tag.match(new RegExp(`\\s${name}="([0-9.]+)"`)) || [])[1]);
const root = svg.match(/<svg[^>]*>/)[0], board = svg.match(/<rect class="board"[^>]*>/)[0];
const viewBox = root.match(/viewBox="0 0 ([0-9]+) ([0-9]+)"/);
const scale = attr(root, 'width') / Number(viewBox[1]);
const unit = 100; // drawing units per square (diagram_svg.c)
const png = decodePng(fs.readFileSync(pngPath));

let passed = 0, failed = 0;
if (png.width < Math.floor(attr(root, 'width')) || png.height < Math.floor(attr(root, 'height'))) {
  console.log(`FAIL: screenshot ${png.width}x${png.height} is smaller than the SVG`);
  failed++;
}
const tolerance = 14;
for (const check of checks) {
  const [col, row, name] = check.split(',');
  const x = Math.floor((attr(board, 'x') + (Number(col) + 0.5) * unit) * scale);
  const y = Math.floor((attr(board, 'y') + (Number(row) + 0.5) * unit) * scale);
  const got = png.at(x, y), want = expected(name).map(Math.round);
  const ok = got.every((v, i) => Math.abs(v - want[i]) <= tolerance);
  console.log(`${ok ? 'ok' : 'FAIL'}: ${pngPath.split('/').pop()} square ${col},${row} ` +
    `pixel ${x},${y}: rgb(${got}) ${ok ? 'is' : 'is not'} ${name} rgb(${want})`);
  if (ok) passed++;
  else failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
