/* SPDX-License-Identifier: MIT */
/*
 * html_style.c - the style sheet of the HTML game viewer: the game list
 * (rows of a fixed height, so that only the visible ones need drawing), the
 * board and its controls, and the move list with variations indented.
 */
#include "render/html.h"

/* The style sheet, line by line. Each piece stays under the 4095 characters C compilers
 * must accept in one string literal. */
static const char *const style[] = {
    ":root { color-scheme: light; --ink: #222; --muted: #666; --line: #d8cfc0;\n"
    "  --accent: #8b5a2b; }\n"
    "* { box-sizing: border-box; }\n"
    "[hidden] { display: none !important; }\n"
    "body { margin: 0 auto; max-width: 1100px; padding: 12px 16px; color: var(--ink);\n"
    "  font: 15px/1.45 \"DejaVu Sans\", Verdana, Arial, Helvetica, sans-serif;\n"
    "  background: #fdfbf7; }\n"
    "h1 { font-size: 1.3em; margin: 0 0 10px; }\n"
    "h2 { font-size: 1.1em; margin: 0 0 4px; }\n"
    "button { font: inherit; padding: 4px 10px; border: 1px solid var(--line);\n"
    "  border-radius: 4px; background: #fff; cursor: pointer; }\n"
    "button:hover { background: #f3ece0; }\n"
    "#list { margin-bottom: 14px; }\n"
    "#filter { width: 320px; max-width: 70%; padding: 4px 6px; font: inherit; }\n"
    "#count { margin-left: 10px; color: var(--muted); }\n"
    "#list .row { display: grid; grid-template-columns: 4em 1fr 1fr 1.3fr 7em 5em;\n"
    "  gap: 8px; height: 24px; line-height: 24px; padding: 0 6px; white-space: nowrap; }\n"
    "#list .row span { overflow: hidden; text-overflow: ellipsis; }\n"
    "#list-head { font-weight: bold; border-bottom: 1px solid var(--line);\n"
    "  margin-top: 6px; }\n"
    "#list-body { position: relative; height: 264px; overflow-y: auto;\n"
    "  border-bottom: 1px solid var(--line); }\n"
    "#list-rows { position: relative; }\n"
    "#list-rows .row { position: absolute; left: 0; right: 0; cursor: pointer; }\n"
    "#list-rows .row:hover { background: #f3ece0; }\n"
    "#list-rows .row.sel { background: #e8d9bf; }\n"
    "#viewer { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }\n"
    "#board-pane { flex: 0 0 auto; width: min(460px, 100%); }\n"
    "#board svg { display: block; width: 100%; height: auto; }\n"
    "#board.unknown svg { opacity: 0.5; }\n"
    "#controls { display: flex; gap: 6px; margin: 8px 0; }\n"
    "#controls button { flex: 1; font-size: 1.1em; }\n"
    "#fen-row { display: flex; gap: 6px; }\n"
    "#fen { flex: 1; min-width: 0; font: 13px monospace; padding: 4px; }\n"
    "#notes p, #game-notes p { margin: 6px 0 0; font-size: 0.9em; }\n"
    "#moves-pane { flex: 1 1 320px; min-width: 280px; }\n"
    "#game-head dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 10px;\n"
    "  margin: 0 0 6px; font-size: 0.85em; color: var(--muted); }\n"
    "#game-head dd { margin: 0; }\n"
    "#moves { position: relative; max-height: 70vh; overflow-y: auto;\n"
    "  border-top: 1px solid var(--line); padding-top: 6px; }\n"
    "#moves .line { margin: 2px 0; }\n"
    "#moves .var { color: #444; font-size: 0.95em; }\n"
    "#moves .num { color: var(--muted); }\n"
    "#moves .move { cursor: pointer; padding: 0 2px; border-radius: 3px;\n"
    "  font-weight: 600; }\n"
    "#moves .var .move { font-weight: normal; }\n"
    "#moves .move:hover { background: #f3ece0; }\n"
    "#moves .move.cur { background: var(--accent); color: #fff; }\n"
    "#moves .nag { color: #1f5fe0; }\n"
    "#moves .move.cur .nag { color: #fff; }\n"
    "#moves .comment { color: #2a6041; font-style: italic; }\n"
    "#moves .junk { color: var(--muted); text-decoration: line-through; }\n"
    "#moves .setup { color: var(--muted); font-family: monospace; }\n"
    "#moves .clock { color: var(--muted); font-size: 0.8em; border: 1px solid var(--line);\n"
    "  border-radius: 3px; padding: 0 3px; }\n"
    "#moves .paren { color: var(--muted); }\n"
    "#moves .unplayed { text-decoration: line-through; }\n"
    "#moves .flag { color: #fff; background: #c0392b; border-radius: 3px; padding: 0 4px;\n"
    "  font-size: 0.75em; }\n"
    ".move.sev-error { text-decoration: underline wavy #c0392b; }\n"
    ".move.sev-warning { text-decoration: underline wavy #d68910; }\n"
    ".move.sev-note { text-decoration: underline dotted #888; }\n"
    "p.sev-error { color: #a93226; }\n"
    "p.sev-warning { color: #9a6b00; }\n"
    "p.sev-note { color: var(--muted); }\n"
    "#empty { color: var(--muted); }\n",
};

void pdn_html__style(pdn_out *o)
{
    pdn_out__write(o, "<style>\n", 8);
    for (size_t i = 0; i < sizeof style / sizeof style[0]; i++)
        pdn_out__write(o, style[i], strlen(style[i]));
    pdn_out__write(o, "</style>\n", 9);
}
