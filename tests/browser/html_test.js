// SPDX-License-Identifier: MIT
// html_test.js - the page of `pdn html` in headless Chromium (playwright-core):
// keys and clicks on a file of draughts and chess games with variations,
// comments, NAGs, clocks, marks and an illegal move; after each step the
// highlighted move, the FEN (`pdn replay --json`), the board (`pdn board --svg`),
// and a screenshot's colours.  node html_test.js PDN; exits 77 without Chromium
// ($CHROMIUM, PATH, .deps/chromium) or playwright-core (scripts/setup.sh).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const SKIP = 77;
const pdn = process.argv[2];
const here = __dirname;

function findChromium() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    for (const dir of (process.env.PATH || '').split(path.delimiter)) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch (e) { /* not here */ }
    }
  }
  const local = path.join(here, '..', '..', '.deps', 'chromium', 'chromium');
  try {
    fs.accessSync(local, fs.constants.X_OK);
    return local;
  } catch (e) {
    return null;
  }
}

let chromium;
try {
  ({ chromium } = require(path.join(here, 'node_modules', 'playwright-core')));
} catch (e) {
  console.log('SKIP: playwright-core is not installed: run scripts/setup.sh ' +
    '(npm ci --prefix tests/browser)');
  process.exit(SKIP);
}
const browserPath = findChromium();
if (!browserPath) {
  console.log('SKIP: the browser test needs Chromium: run scripts/setup.sh, or set CHROMIUM');
  process.exit(SKIP);
}

const PDN_TEXT = `[Event "Browser <test>"]
[White "Alice"]
[Black "Bob"]
[Date "2024.05.01"]
[Result "*"]
[GameType "20"]

{Start [%csl R28,G33][%cal Y32-28]} 1. 32-28 {[%clk 0:05:00] main idea} 19-23 2. 28x19 $1
14x23 (2... 13x24 3. 37-32 (3. 34-29 {nested} 24-30 4. 35x24) 3... 24-29 $2) 3. 33-28 $3
{[%cal G28-19] </script><b>not bold</b>} 23x32 4. 37x28 99-98 5. 31-26 *

[Event "Chess game"]
[White "Anna"]
[Black "Ben"]
[Result "*"]

1. e4 {[%clk 1:59:58]} e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 $5 Nc6 3. Bb5 a6 4. O-O
{[%csl Rg1][%cal Gf1e1]} Nf6 5. d4 exd4 6. e5 Ne4 7. Qxd4 *

[Event "Endgame"]
[White "Cleo"]
[Black "Dan"]
[GameType "0"]
[FEN "4k3/1P6/8/3pP3/8/8/8/R3K2R w KQ d6 0 30"]
[Result "*"]

30. exd6 Kf7 31. b8=Q Kf6 32. O-O-O *

[Event "Russian"]
[White "Eva"]
[Black "Fedor"]
[GameType "25"]
[Result "*"]

1. c3-d4 f6-g5 2. b2-c3 g5-h4 *
`;

let passed = 0, failed = 0;
function check(ok, what, detail) {
  if (ok) {
    passed++;
    return true;
  }
  failed++;
  console.log('FAIL: ' + what + (detail !== undefined ? ': ' + detail : ''));
  return false;
}
function checkEq(got, want, what) {
  return check(JSON.stringify(got) === JSON.stringify(want), what,
    'got ' + JSON.stringify(got) + ', expected ' + JSON.stringify(want));
}

function run(args, okStatuses) {
  const r = spawnSync(pdn, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (!okStatuses.includes(r.status))
    throw new Error(`pdn ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

// The SVG of `pdn board` for a game's main line, as the page must draw it.
function boardSvg(file, game, ply, flip) {
  const args = ['board', '--svg', '--game', String(game), '--ply', String(ply), file];
  if (flip) args.push('--flip');
  return run(args, [0]);
}

// What the board shows: the pieces, the [%csl] highlights and the [%cal]
// arrows, as attribute lists.  Runs in the page, on the live board or on an
// SVG text parsed there.
function boardFacts(svgText) {
  const svg = svgText ?
    new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement :
    document.querySelector('#board svg');
  // The page draws marks as White sees the board and turns them for Black
  // with rotate(180 cx cy): map their coordinates the same way.
  const turned = (e, a, v) => {
    const g = e.closest('[transform]'), m = g && /rotate\(180 ([0-9.]+) ([0-9.]+)\)/
      .exec(g.getAttribute('transform'));
    if (!m || v === null) return v;
    const c = [2 * m[1], 2 * m[2]];
    if (a === 'points')
      return v.split(' ').map((p) => p.split(',').map((n, i) => c[i] - n).join(',')).join(' ');
    if (a === 'x' || a === 'y') return String(c[a === 'x' ? 0 : 1] - v - e.getAttribute(
      a === 'x' ? 'width' : 'height'));
    if (/^[xy][12]$/.test(a)) return String(c[a[0] === 'x' ? 0 : 1] - v);
    return v;
  };
  const list = (sel, attrs) => Array.from(svg.querySelectorAll(sel))
    .map((e) => attrs.map((a) => turned(e, a, e.getAttribute(a))).join(' ')).sort();
  return {
    pieces: list('.pieces use', ['href', 'x', 'y']),
    highlights: list('.highlights rect', ['x', 'y', 'width', 'height', 'fill']),
    arrows: list('.arrow line, .arrow polygon', ['x1', 'y1', 'x2', 'y2', 'points', 'stroke']),
  };
}

async function state(page) {
  return page.evaluate(() => {
    const cur = document.querySelector('#moves .move.cur');
    const moves = Array.from(document.querySelectorAll('#moves .move'));
    return {
      cur: cur ? cur.getAttribute('data-move') : null,
      index: cur ? moves.indexOf(cur) : -1,
      fen: document.getElementById('fen').value,
      last: Array.from(document.querySelectorAll('#board .lastmove rect'))
        .map((r) => +r.getAttribute('data-cell')).sort((a, b) => a - b),
      unknown: document.getElementById('board').classList.contains('unknown'),
    };
  });
}

// Expected FENs: `pdn replay --json`, one list per game, moves in text order
// (the order of the page's move list); null where the move was not played.
function expectedFens(file) {
  return run(['replay', '--json', file], [0, 1]).trim().split('\n')
    .map((l) => JSON.parse(l).moves.map((m) => m.fen || null));
}

async function pixels(page, points) {
  const png = await page.screenshot({ type: 'png' });
  return page.evaluate(async ({ data, points }) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + data;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return points.map((p) => Array.from(ctx.getImageData(Math.round(p[0]), Math.round(p[1]), 1, 1)
      .data.slice(0, 3)));
  }, { data: png.toString('base64'), points });
}

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const blend = (top, under, alpha) => top.map((v, i) => Math.round(v * alpha + under[i] * (1 - alpha)));
function near(got, want) {
  return got.every((v, i) => Math.abs(v - want[i]) <= 8);
}

// The screen point at a fraction (fx, fy) of a square shown at display
// column and row of the live board.
async function squarePoint(page, col, row, fx, fy) {
  return page.evaluate(({ col, row, fx, fy }) => {
    const svg = document.querySelector('#board svg'), board = svg.querySelector('rect.board');
    const box = board.getBoundingClientRect();
    const unit = box.width / (+board.getAttribute('width') / 100);
    return [box.left + (col + fx) * unit, box.top + (row + fy) * unit];
  }, { col, row, fx, fy });
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pdn-html-'));
  const file = path.join(tmp, 'games.pdn'), html = path.join(tmp, 'games.html');
  fs.writeFileSync(file, PDN_TEXT);
  // The first game's illegal move: the page is written, and the exit status says so.
  run(['html', file, '-o', html], [1]);
  const fens = expectedFens(file);
  const browser = await chromium.launch({ executablePath: browserPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:'))
      errors.push('request to ' + r.url()); });
    await page.goto('file://' + html);
    await page.waitForSelector('html[data-ready="1"]');

    const press = async (key) => page.keyboard.press(key);
    async function expectAt(what, game, index, move) {
      const s = await state(page);
      checkEq(s.cur, move, what + ': highlighted move');
      checkEq(s.index, index, what + ': its place in the move list');
      const want = index < 0 ? null : fens[game - 1][index];
      if (index >= 0) checkEq(s.fen, want || '', what + ': FEN');
      return s;
    }
    async function expectBoard(what, game, ply, flip) {
      const want = await page.evaluate(boardFacts, boardSvg(file, game, ply, flip));
      const got = await page.evaluate(boardFacts, null);
      checkEq(got.pieces, want.pieces, what + ': pieces as pdn board draws them');
      checkEq(got.highlights, want.highlights, what + ': [%csl] highlights');
      checkEq(got.arrows, want.arrows, what + ': [%cal] arrows');
      check(want.pieces.length > 0, what + ': the reference has pieces');
    }

    // --- the list and the first game -------------------------------------
    checkEq(await page.$$eval('#list-rows .row', (r) => r.length), 4, 'four games listed');
    checkEq(await page.textContent('#list-rows .row.sel span:nth-child(2)'), 'Alice',
      'the first game is selected');
    let s = await expectAt('start', 1, -1, null);
    checkEq(s.fen, 'W:W31-50:B1-20', 'start: FEN');
    await expectBoard('start', 1, 0, false);
    checkEq(await page.textContent('#moves .clock'), '0:05:00', 'the clock after 32-28');
    checkEq(await page.$$eval('#moves .move', (m) => m.map((e) => e.textContent)),
      ['32-28', '19-23', '28x19!', '14x23', '13x24', '37-32', '34-29', '24-30', '35x24', '24-29?',
        '33-28!!', '23x32', '37x28', '99-98', '31-26'], 'moves with their NAGs');
    const comment = await page.$$eval('#moves .comment', (c) => c.map((e) => e.textContent));
    check(comment.includes('</script><b>not bold</b>'), 'a comment shown as text', comment);
    checkEq(await page.$$eval('#moves b', (b) => b.length), 0, 'no markup from comments');
    const depths = await page.$$eval('#moves .move', (m) => m.map((e) =>
      parseFloat(e.parentNode.style.marginLeft || '0')));
    check(depths[0] === 0 && depths[4] > 0 && depths[6] > depths[4] && depths[10] === 0,
      'variations indented by depth', depths);

    await press('ArrowRight');
    s = await expectAt('right', 1, 0, '32-28');
    check(s.last.length === 2, 'the last move is marked', s.last);
    await expectBoard('after 32-28', 1, 1, false);
    for (let i = 0; i < 3; i++) await press('ArrowRight');
    await expectAt('right x3', 1, 3, '14x23');
    await expectBoard('after 14x23', 1, 4, false);
    await press('ArrowDown');
    await expectAt('down into the variation', 1, 4, '13x24');
    await press('ArrowRight');
    await expectAt('right in the variation', 1, 5, '37-32');
    await press('ArrowDown');
    await expectAt('down into the nested variation', 1, 6, '34-29');
    await press('ArrowRight');
    await press('ArrowRight');
    await expectAt('right x2 in the nested variation', 1, 8, '35x24');
    await press('ArrowRight');
    await expectAt('right at the end of a line', 1, 8, '35x24');
    await press('ArrowUp');
    await expectAt('up out of the nested variation', 1, 5, '37-32');
    await press('ArrowUp');
    await expectAt('up out of the variation', 1, 3, '14x23');
    await press('ArrowLeft');
    await expectAt('left', 1, 2, '28x19');
    await page.click('#forward');
    await expectAt('forward button', 1, 3, '14x23');
    await page.click('#back');
    await expectAt('back button', 1, 2, '28x19');
    await press('End');
    s = await expectAt('end', 1, 14, '31-26');
    check(s.unknown, 'after an illegal move the position is shown as unknown');
    await expectBoard('after the illegal move: the last known position', 1, 7, false);
    const illegal = await page.$eval('#moves .move[data-move="99-98"]', (e) => ({
      cls: e.className, title: e.title,
      flag: e.nextSibling.nextSibling.textContent }));
    check(/sev-error/.test(illegal.cls) && /unplayed/.test(illegal.cls), 'the illegal move is marked',
      illegal.cls);
    check(/illegal-move/.test(illegal.title), 'its tooltip names the problem', illegal.title);
    checkEq(illegal.flag, 'illegal-move', 'an inline note after it');
    await page.click('#moves .move[data-move="99-98"]');
    await expectAt('click the illegal move', 1, 13, '99-98');
    check(/no legal move/.test(await page.textContent('#notes')), 'the notes give the message');
    await press('Home');
    await expectAt('home', 1, -1, null);
    await page.click('#last');
    await expectAt('last button', 1, 14, '31-26');
    await page.click('#first');
    await expectAt('first button', 1, -1, null);
    await page.click('#moves .move[data-move="24-29"]');
    await expectAt('click in a variation', 1, 9, '24-29');
    await page.click('#moves .move[data-move="33-28"]');
    await expectAt('click on the main line', 1, 10, '33-28');
    await expectBoard('after 33-28 with an arrow', 1, 5, false);

    // The screenshot: a white man, a black man, the square left (last-move
    // mark over a dark square) and an empty light square.  33-28 in
    // international draughts: 34 is column 7 of row 6, 18 column 4 of row 3,
    // 33 column 5 of row 6; column 0 of row 0 is light.
    const light = hex('#f5deb3'), dark = hex('#cd853f');
    let points = [await squarePoint(page, 7, 6, 0.5, 0.5), await squarePoint(page, 4, 3, 0.5, 0.5),
      await squarePoint(page, 5, 6, 0.5, 0.5), await squarePoint(page, 0, 0, 0.5, 0.5)];
    let px = await pixels(page, points);
    let want = [hex('#fafafa'), hex('#222222'), blend(hex('#f6f669'), dark, 0.6), light];
    ['white man', 'black man', 'last move on a dark square', 'light square'].forEach((what, i) =>
      check(near(px[i], want[i]), 'pixel: ' + what, px[i] + ' vs ' + want[i]));

    await page.click('#flip');
    await expectBoard('flipped', 1, 5, true);
    const flipped = await page.evaluate(() => {
      const g = document.querySelector('#board svg .over');
      return g && g.getAttribute('transform');
    });
    check(/^rotate\(180 /.test(flipped || ''), 'marks turned with the board', flipped);
    // Flipped, 34 is at column 2 of row 3.
    px = await pixels(page, [await squarePoint(page, 2, 3, 0.5, 0.5)]);
    check(near(px[0], hex('#fafafa')), 'pixel: a white man, flipped', px[0]);
    await page.click('#flip');

    // --- chess: another game from the list -------------------------------
    await page.click('#list-rows .row[data-game="1"]');
    s = await expectAt('chess start', 2, -1, null);
    checkEq(s.fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'chess start FEN');
    for (let i = 0; i < 7; i++) await press('ArrowRight');
    s = await expectAt('chess: to castling', 2, 11, 'O-O');
    await expectBoard('chess after castling', 2, 7, false);
    checkEq(s.last, [4, 7], 'castling marked as the king onto its rook');
    // g1 (cell 6, column 6 of row 7): the king's centre, and the red
    // highlight beside it over the dark square.
    px = await pixels(page, [await squarePoint(page, 6, 7, 0.5, 0.5),
      await squarePoint(page, 6, 7, 0.1, 0.9)]);
    check(near(px[0], hex('#fafafa')), 'pixel: white king over a highlight', px[0]);
    check(near(px[1], blend(hex('#e0201b'), dark, 0.6)), 'pixel: [%csl] red on g1', px[1]);
    await press('Home');
    await press('ArrowRight');
    await press('ArrowRight');
    await press('ArrowDown');
    await expectAt('chess: down', 2, 2, 'c5');
    await press('ArrowRight');
    await press('ArrowDown');
    await expectAt('chess: down into the nested variation', 2, 4, 'Nc3');
    await press('ArrowDown');
    await expectAt('chess: down with no variation', 2, 4, 'Nc3');
    await press('ArrowUp');
    await expectAt('chess: up', 2, 3, 'Nf3');
    checkEq(await page.textContent('#moves .move[data-move="Nf3"] .nag'), '!?', 'chess NAG $5');

    // --- every move of every game: the FEN against the replay ------------
    // A row is picked by its own click event: selecting a game scrolls and
    // redraws the list, and on a busy machine a mouse click at the row's
    // place computed before that redraw can land on its neighbour.
    const pickGame = (index) => page.dispatchEvent(`#list-rows .row[data-game="${index}"]`, 'click');
    for (let game = 1; game <= 4; game++) {
      await pickGame(game - 1);
      checkEq(await page.getAttribute('#list-rows .row.sel', 'data-game'), String(game - 1),
        `game ${game}: selected`);
      const count = await page.$$eval('#moves .move', (m) => m.length);
      checkEq(count, fens[game - 1].length, `game ${game}: every move listed`);
      let bad = [];
      for (let i = 0; i < count; i++) {
        await page.click(`#moves .move >> nth=${i}`);
        s = await state(page);
        if (s.index !== i || s.fen !== (fens[game - 1][i] || ''))
          bad.push(`${i}: ${s.fen} vs ${fens[game - 1][i]}`);
      }
      checkEq(bad, [], `game ${game}: the FEN after each move`);
    }
    await pickGame(2);
    s = await expectAt('FEN start', 3, -1, null);
    checkEq(s.fen, '4k3/1P6/8/3pP3/8/8/8/R3K2R w KQ d6 0 30', 'a FEN tag start');
    await pickGame(3);
    s = await expectAt('Russian start', 4, -1, null);
    check(/^W:W.*a1/.test(s.fen), 'an algebraic FEN', s.fen);

    // --- the list filter and a game chosen by the address ---------------
    await page.fill('#filter', 'anna');
    checkEq(await page.$$eval('#list-rows .row', (r) => r.map((e) => e.getAttribute('data-game'))),
      ['1'], 'the filter keeps the matching game');
    const second = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
    await second.goto('file://' + html + '#game=4');
    await second.waitForSelector('html[data-ready="1"]');
    checkEq(await second.textContent('#list-rows .row.sel span:nth-child(2)'), 'Eva',
      '#game=4 opens the fourth game');
    await second.close();

    checkEq(errors, [], 'no script errors and no requests');
  } finally {
    await browser.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(() => {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed || !passed ? 1 : 0);
}, (e) => {
  console.log('FAIL: ' + (e && e.stack || e));
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
