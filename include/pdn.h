/* SPDX-License-Identifier: MIT */
/*
 * pdn.h - the public interface of libpdn: reading, checking and writing game
 * records of draughts (PDN 3.0, every GameType) and chess (PGN, GameType 0).
 *
 * Sections follow the pipeline: version, status and allocator, diagnostics,
 * reading, the game tree, its iterator, typed values, boards, writers.
 *
 * Conventions that hold for every function below:
 *  - Output parameters come first and are named `out`.  A `**out` result is
 *    owned by the caller and released with the matching pdn_*_free().
 *  - A returned pointer (`const pdn_node *`, `pdn_str`, `const pdn_diag *`)
 *    is borrowed: it lives as long as the object it came from.
 *  - Fatal problems (out of memory, bad arguments, a failing reader callback)
 *    are returned as a negative pdn_status.  Problems in the *input* are not
 *    failures: they are pdn_diag records attached to the game they occur in.
 *  - The library keeps no global mutable state and never prints.  Distinct
 *    objects may be used from distinct threads at the same time; one object
 *    must not be used from two threads at once.  Functions taking only
 *    `const` objects may be called concurrently on the same object.
 *  - Text handed out is UTF-8.  Strings are not NUL-terminated: pdn_str
 *    carries its length.
 */
#ifndef PDN_H
#define PDN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(PDN_STATIC)
#define PDN_API
#elif defined(_WIN32)
#if defined(PDN_BUILDING)
#define PDN_API __declspec(dllexport)
#else
#define PDN_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define PDN_API __attribute__((visibility("default")))
#else
#define PDN_API
#endif

/* ===================================================================== */
/* Version                                                               */
/* ===================================================================== */

#define PDN_VERSION_MAJOR 0
#define PDN_VERSION_MINOR 1
#define PDN_VERSION_PATCH 0
#define PDN_VERSION_STRING "0.1.0"

/** The library's version as "MAJOR.MINOR.PATCH".  Thread-safe. */
PDN_API const char *pdn_version(void);

/* ===================================================================== */
/* Status codes and the allocator                                        */
/* ===================================================================== */

typedef enum pdn_status {
    PDN_OK = 0,      /* success */
    PDN_DONE = 1,    /* pdn_reader_next(): no more games */
    PDN_ENOMEM = -1, /* the allocator returned NULL */
    PDN_EINVAL = -2, /* a bad argument (NULL where not allowed, bad option) */
    PDN_EIO = -3,    /* the reader callback reported an error */
    PDN_ELIMIT = -4  /* input exceeds a documented hard limit (4 GiB game) */
} pdn_status;

/** A short English description of a status code.  Never NULL. */
PDN_API const char *pdn_status_str(pdn_status status);

/**
 * A custom allocator: one function, after Lua's lua_Alloc.
 * realloc(ctx, NULL, 0, n) allocates; realloc(ctx, p, old, 0) frees and
 * returns NULL; otherwise it resizes p from old to new bytes.  Returning NULL
 * for a non-zero size means "out of memory": the library then returns
 * PDN_ENOMEM from the call that needed the memory and leaves its objects in
 * a state where they can still be freed.  A NULL `const pdn_allocator *`
 * anywhere means the C library's malloc/realloc/free.
 */
typedef struct pdn_allocator {
    void *(*realloc)(void *ctx, void *ptr, size_t old_size, size_t new_size);
    void *ctx;
} pdn_allocator;

/** A borrowed piece of UTF-8 text: `len` bytes at `ptr`, not NUL-terminated. */
typedef struct pdn_str {
    const char *ptr;
    size_t len;
} pdn_str;

/* ===================================================================== */
/* Diagnostics                                                           */
/* ===================================================================== */

/**
 * Severity of a diagnostic.  What severity a code has depends on the
 * reading mode (see pdn_diag_severity()); a code whose severity is
 * PDN_SEV_NONE in the current mode is not reported at all.
 */
typedef enum pdn_severity {
    PDN_SEV_NONE = 0,
    PDN_SEV_NOTE = 1,
    PDN_SEV_WARNING = 2,
    PDN_SEV_ERROR = 3
} pdn_severity;

/**
 * What a diagnostic is about.  pdn_diag_name() gives a stable kebab-case
 * name for each (used in JSON output and in tests); pdn_diag_message() an
 * English sentence.  New codes are only ever added at the end.
 */
typedef enum pdn_diag_code {
    PDN_D_NONE = 0,
    /* --- lexical and structural ---------------------------------------- */
    PDN_D_JUNK,                 /* unreadable text, kept as a comment */
    PDN_D_JUNK_BEFORE_GAME,     /* text before the first tag of a game */
    PDN_D_GLUED_TEXT,           /* text glued to a move: 32-28abc */
    PDN_D_NUL_BYTE,             /* a NUL byte in the input */
    PDN_D_UNCLOSED_COMMENT,     /* '{' without '}' */
    PDN_D_UNCLOSED_VARIATION,   /* '(' without ')' */
    PDN_D_UNCLOSED_STRING,      /* tag value without closing quote */
    PDN_D_UNCLOSED_TAG,         /* tag without closing ']' */
    PDN_D_UNCLOSED_SETUP,       /* '/' setup without closing '/' */
    PDN_D_STRAY_RPAREN,         /* ')' without '(' */
    PDN_D_STRAY_RBRACE,         /* '}' without '{' */
    PDN_D_BAD_TAG,              /* '[' not followed by NAME "value" */
    PDN_D_TAG_NAME_CASE,        /* tag name not starting with a capital */
    PDN_D_TAG_SPACING,          /* tags glued together / blank line in header */
    PDN_D_TAG_ESCAPE,           /* "\\" for a backslash (PGN's escape) */
    PDN_D_DUPLICATE_TAG,        /* the same tag twice in a header */
    PDN_D_EMPTY_GAME,           /* a game with neither tags nor moves */
    PDN_D_EMPTY_VARIATION,      /* "()" */
    PDN_D_NO_TERMINATOR,        /* next game's header follows without '*' */
    PDN_D_RESULT_TERMINATOR,    /* a result used as game terminator */
    PDN_D_ODD_RESULT_TERMINATOR,/* a non-standard result ('4-6', '½-½') */
    PDN_D_RESULT_IN_VARIATION,  /* a result inside a variation */
    PDN_D_TERMINATOR_MISMATCH,  /* terminator result differs from Result tag */
    PDN_D_LINE_COMMENT,         /* ';' line comment */
    /* --- moves ------------------------------------------------------------ */
    PDN_D_MOVE_SPACE,           /* spaces inside a move: 1- 6 (restr. 1) */
    PDN_D_STRENGTH_SPACE,       /* 32-28 ! (restriction 2) */
    PDN_D_STRENGTH_STAR,        /* 27-20* (restriction 3) */
    PDN_D_LEADING_ZERO,         /* 06-11 (restriction 5) */
    PDN_D_SQUARE_CASE,          /* A3-B4 */
    PDN_D_NO_SEPARATOR,         /* 3228 */
    PDN_D_DASH_PATH,            /* 1-10-19: '-' between more than two squares */
    PDN_D_NOTATION_MISMATCH,    /* numeric move in an alpha GameType (restr. 6) */
    PDN_D_CAPTURE_SEPARATOR,    /* separator not the GameType's (restr. 7) */
    PDN_D_ELLIPSIS,             /* "1. ..." or a bare "..." */
    PDN_D_NUMBER_WITHOUT_MOVE,  /* "1. 2-0" */
    PDN_D_UNKNOWN_MOVE,         /* "- -" */
    PDN_D_CAPTURED_LIST,        /* PDN 3.1 "47x36 <42,29,14,31>" */
    PDN_D_BAD_NAG,              /* '$' without digits */
    PDN_D_CHESS_INFERRED,       /* GameType 0 inferred from SAN movetext */
    /* --- typed values ------------------------------------------------------ */
    PDN_D_ENCODING,             /* not UTF-8: decoded as another encoding */
    PDN_D_BAD_GAMETYPE,         /* malformed GameType value */
    PDN_D_ODD_GAMETYPE,         /* readable GameType outside the table: an
                                   unknown or reserved number, lidraughts'
                                   96-99, spaces, lowercase letters */
    PDN_D_BAD_DATE,             /* Date not YYYY.MM.DD */
    PDN_D_ODD_DATE,             /* Date in a wild but readable form */
    PDN_D_BAD_RESULT,           /* Result value not allowed for the type */
    PDN_D_BAD_TIMECONTROL,      /* TimeControl not in the standard grammar */
    PDN_D_BAD_TIME,             /* WhiteTime/BlackTime not [H]H:MM[:SS] */
    PDN_D_BAD_FEN,              /* FEN (tag or setup) syntax error */
    PDN_D_BAD_SETUP,            /* setup that is not /FEN "..."/ */
    PDN_D_BAD_COMMAND,          /* malformed [%clk] etc. in a comment */
    PDN_D_TAG_NAME_CHARS,       /* tag name with spaces or symbols */
    PDN_D_TAG_QUOTE,            /* unescaped '"' inside a tag value */
    PDN_D_FEN_FORM,             /* FEN with a trailing dot or spaces (10.1) */
    /* --- boards -------------------------------------------------------- */
    PDN_D_FEN_SQUARE,           /* FEN square the GameType's board lacks */
    PDN_D_FEN_TWICE,            /* FEN gives a square twice */
    PDN_D_FEN_POSITION,         /* chess FEN of an impossible position */
    /* --- replay ------------------------------------------------------------ */
    PDN_D_ILLEGAL_MOVE,         /* no legal move fits the written move */
    PDN_D_AMBIGUOUS_MOVE,       /* several legal moves fit (restriction 8) */
    PDN_D_PATH_SQUARES,         /* full path without the right squares (restr. 9) */
    PDN_D_WRONG_SIDE,           /* "23..." before a move of the first mover */
    PDN_D_MOVE_AFTER_END,       /* a move after the side to move has none */
    PDN_D_RESULT_CONTRADICTS,   /* Result tag against the final position */
    PDN_D_GAMETYPE_INFERRED,    /* no GameType tag: variant inferred */
    PDN_D_REPLAY_STOPPED,       /* later moves of the line not checked */
    PDN_D_BAD_SAN,              /* chess move that is not SAN */
    PDN_D_SAN_FORM,             /* e2e4, 0-0, e8Q: not the SAN spelling */
    PDN_D_SAN_OVERSPECIFIED,    /* Nge2 where Ne2 is enough */
    PDN_D_CHECK_MARK,           /* '+'/'#' missing or wrong */
    PDN_D_CAPTURE_MARK,         /* 'x' missing or wrong */
    PDN_D_BAD_PROMOTION,        /* promotion no rule allows */
    PDN_D_NULL_MOVE,            /* chess null move "--" / "Z0" */
    PDN_D_GAMETYPE_MISMATCH,    /* the tag's tuple does not fit the moves */
    PDN_D_VARIANT_SKIPPED,      /* a chess variant the rules do not cover */
    PDN_D_VARIATION_PLACE,      /* variation written before the move it replaces */
    PDN_D_LONG_CAPTURE,         /* full path where from-to is enough (restr. 8) */
    PDN_D_COUNT
} pdn_diag_code;

/**
 * One problem in the input.  Offsets are byte offsets into the game's text
 * (pdn_game_text()); use pdn_game_locate() for line and column.  `related`
 * is a second location (where an unclosed '(' was opened, where a duplicate
 * tag first appeared) or UINT32_MAX.  `arg` is a code-specific number
 * (the expected character, a count) or 0.
 */
typedef struct pdn_diag {
    pdn_diag_code code;
    pdn_severity severity;
    uint32_t offset;
    uint32_t length;
    uint32_t related;
    uint32_t arg;
} pdn_diag;

/** Stable kebab-case name of a code ("unclosed-variation").  Never NULL. */
PDN_API const char *pdn_diag_name(pdn_diag_code code);
/** English description of a code, without location.  Never NULL. */
PDN_API const char *pdn_diag_message(pdn_diag_code code);

/* ===================================================================== */
/* Reading                                                               */
/* ===================================================================== */

/**
 * Reading modes (see the README and docs/modes.md):
 *  - LIBERAL: the reading grammar plus every quirk met in real files; each
 *    deviation is a warning, every game is recovered.
 *  - STANDARD: the standard's reading contract (grammar 4.4, with spaces
 *    around move separators).
 *  - STRICT: PDN 3.0 as a writer must produce it (grammar 4.1, restrictions
 *    1-7, UTF-8).
 */
typedef enum pdn_mode {
    PDN_MODE_LIBERAL = 0,
    PDN_MODE_STANDARD = 1,
    PDN_MODE_STRICT = 2
} pdn_mode;

/** The severity `code` has in `mode`.  PDN_SEV_NONE: not reported. */
PDN_API pdn_severity pdn_diag_severity(pdn_diag_code code, pdn_mode mode);

/**
 * Input encodings.  AUTO reads UTF-8 and, for a game that is not valid
 * UTF-8, Windows-1252 (a superset of Latin-1) from then on for the rest of
 * the input; byte 0x85 is never a newline.
 */
typedef enum pdn_encoding {
    PDN_ENC_AUTO = 0,
    PDN_ENC_UTF8 = 1,
    PDN_ENC_LATIN1 = 2, /* Windows-1252, which includes ISO-8859-1 */
    PDN_ENC_CP1251 = 3,
    PDN_ENC_CP866 = 4
} pdn_encoding;

/** Options for a reader.  Initialise with PDN_READ_OPTIONS_INIT. */
typedef struct pdn_read_options {
    unsigned version;   /* PDN_READ_OPTIONS_VERSION */
    pdn_mode mode;
    pdn_encoding encoding;
    /* GameType to assume for games without a GameType tag: -1 = infer from
     * the movetext (SAN means chess), 0 = chess (a ".pgn" file), 20.. = that
     * draughts type. */
    int default_gametype;
    const pdn_allocator *allocator; /* NULL: libc */
} pdn_read_options;

#define PDN_READ_OPTIONS_VERSION 1
#define PDN_READ_OPTIONS_INIT \
    { PDN_READ_OPTIONS_VERSION, PDN_MODE_LIBERAL, PDN_ENC_AUTO, -1, NULL }

/**
 * Pulls input for a reader: fill at most `size` bytes of `buf` and return
 * how many were written; 0 means end of input; (size_t)-1 means an error
 * (the reader then returns PDN_EIO).
 */
typedef size_t (*pdn_read_fn)(void *ctx, char *buf, size_t size);

typedef struct pdn_reader pdn_reader;
typedef struct pdn_game pdn_game;
typedef struct pdn_node pdn_node;

/**
 * Creates a reader over a caller-owned buffer.  The buffer must stay valid
 * and unchanged until pdn_reader_free().  `opts` may be NULL (defaults).
 * Returns PDN_OK, PDN_ENOMEM or PDN_EINVAL.
 */
PDN_API pdn_status pdn_reader_new_buffer(pdn_reader **out, const char *data, size_t len,
                                         const pdn_read_options *opts);

/**
 * Creates a reader that pulls its input through `fn`.  Memory stays bounded
 * by the size of the largest game (plus a read buffer), whatever the size of
 * the input.
 */
PDN_API pdn_status pdn_reader_new_callback(pdn_reader **out, pdn_read_fn fn, void *ctx,
                                           const pdn_read_options *opts);

/**
 * Reads the next game.  On PDN_OK `*out` is the game; it is owned by the
 * reader and valid until the next call to pdn_reader_next() or
 * pdn_reader_free() (use pdn_game_clone() to keep it).  Returns PDN_DONE
 * when the input holds no further game, or a negative status.  Problems in
 * the input never stop the reader: they are diagnostics of the game they
 * belong to, and the next call continues with the next game.
 */
PDN_API pdn_status pdn_reader_next(pdn_reader *reader, const pdn_game **out);

/** Bytes of input consumed so far (for progress reports). */
PDN_API uint64_t pdn_reader_offset(const pdn_reader *reader);

/** Frees a reader and the game it last returned.  NULL is allowed. */
PDN_API void pdn_reader_free(pdn_reader *reader);

/**
 * Where a reader stands between two games: all a reader carries from one
 * game to the next.  A reader started at a mark reads what the reader that
 * gave the mark reads from there on, so that a program may read the parts
 * of one input on several threads, each with its own reader
 * (pdn_reader_new_buffer_at()), and check that the parts join: a part's
 * result holds when the reader of the part before stops at the very mark
 * the part was started at.  Plain data.
 */
typedef struct pdn_reader_mark {
    uint64_t offset; /* input offset of the next game's text */
    uint64_t line;   /* line and column of that offset, from 1 */
    uint32_t column;
    int after_cr;          /* nonzero: the text before ends with a CR */
    pdn_encoding encoding; /* AUTO: no game that is not UTF-8 was met yet */
    uint64_t games;        /* games read before (the next one's pdn_game_index() - 1) */
} pdn_reader_mark;

/** The mark of where `reader` stands: before its first game, or after the
 * game pdn_reader_next() returned last. */
PDN_API void pdn_reader_mark_get(const pdn_reader *reader, pdn_reader_mark *out);

/**
 * A reader over the caller-owned input `data` (as pdn_reader_new_buffer())
 * that starts at `at` rather than at the input's start: a mark a reader of
 * the same input with the same options gave, or one pdn_reader_mark_guess()
 * made up.  Returns PDN_EINVAL when `at` lies past the input.
 */
PDN_API pdn_status pdn_reader_new_buffer_at(pdn_reader **out, const char *data, size_t len,
                                            const pdn_reader_mark *at,
                                            const pdn_read_options *opts);

/**
 * A guess at where a reader of data[0..len) stands between two games, at or
 * after data[from], where a blank line and a tag follow a game: after its
 * terminator, when one comes shortly before the blank line (text after a
 * terminator starts the next game's text), else at the tag (the tags end a
 * game without terminator).  A guess, as a comment may hold such text: a
 * reader started there reads what the input says only if the reader of the
 * input before arrives at the same mark.  `len` when there is none.
 * Thread-safe.
 */
PDN_API size_t pdn_reader_guess_start(const char *data, size_t len, size_t from);

/**
 * What a reader's mark owes to the input before it: its line breaks, as
 * the reader counts them (an LF, or a CR not followed by LF), and whether
 * it holds text that is not UTF-8.  Summed over pieces in order with
 * pdn_text_facts_add(), so that a program may count them in parts; a cut
 * between pieces must not split a CR LF or a UTF-8 character (a guessed
 * game start splits neither).
 */
typedef struct pdn_text_facts {
    uint64_t lines;
    int not_utf8; /* nonzero once a piece was not UTF-8 */
} pdn_text_facts;

/** Adds text[0..len), the piece after those `facts` hold.  Thread-safe for
 * distinct `facts`. */
PDN_API void pdn_text_facts_add(pdn_text_facts *facts, const char *text, size_t len);

/**
 * The mark a reader with options `opts` (NULL: defaults) would have at
 * data[offset], the input before it having the facts `before`, were a game
 * to end there.  Thread-safe.
 */
PDN_API void pdn_reader_mark_guess(pdn_reader_mark *out, const char *data, size_t offset,
                                   const pdn_text_facts *before, const pdn_read_options *opts);

/**
 * Convenience: reads the first game of a buffer into a game the caller owns.
 * PDN_DONE if the buffer has no game.
 */
PDN_API pdn_status pdn_game_parse(pdn_game **out, const char *data, size_t len,
                                  const pdn_read_options *opts);

/* ===================================================================== */
/* Games                                                                 */
/* ===================================================================== */

/** Deep-copies a game; the copy is owned by the caller. */
PDN_API pdn_status pdn_game_clone(pdn_game **out, const pdn_game *game,
                                  const pdn_allocator *allocator);
/** Frees a game obtained from pdn_game_clone() or pdn_game_parse(). */
PDN_API void pdn_game_free(pdn_game *game);

/** 1-based position of the game in its input. */
PDN_API uint64_t pdn_game_index(const pdn_game *game);
/** The game's text as read, converted to UTF-8 (diagnostic offsets index it). */
PDN_API pdn_str pdn_game_text(const pdn_game *game);
/** Byte offset in the input where the game's text starts. */
PDN_API uint64_t pdn_game_input_offset(const pdn_game *game);
/** The encoding the game's bytes were decoded from (never AUTO). */
PDN_API pdn_encoding pdn_game_encoding(const pdn_game *game);
/** The mode the game was read in. */
PDN_API pdn_mode pdn_game_mode(const pdn_game *game);

/**
 * 1-based line and column (in characters) of a byte offset of the game's
 * text, counted in the whole input: LF, CRLF and lone CR end a line.  Cost:
 * a binary search in the game's line index, then (for text that is not
 * plain ASCII) a count of the characters from the start of that line.
 */
PDN_API void pdn_game_locate(const pdn_game *game, uint32_t offset, uint64_t *line,
                             uint32_t *column);

/** The game's diagnostics in input order. */
PDN_API const pdn_diag *pdn_game_diags(const pdn_game *game, size_t *count);
/** Number of diagnostics of the given severity. */
PDN_API size_t pdn_game_count_severity(const pdn_game *game, pdn_severity severity);

/** A tag: name and value (escapes resolved), and where the '[' stood. */
typedef struct pdn_tag {
    pdn_str name;
    pdn_str value;
    uint32_t offset;
} pdn_tag;

/** The tags of the game in input order. */
PDN_API const pdn_tag *pdn_game_tags(const pdn_game *game, size_t *count);
/** The value of the first tag called `name` (exact match); NULL if none. */
PDN_API const pdn_tag *pdn_game_tag(const pdn_game *game, const char *name);

/**
 * The GameType of the game: the GameType tag if present and readable,
 * otherwise the reader's default or what the movetext showed (-1 unknown,
 * which writers treat as international draughts numbering rules).
 */
PDN_API int pdn_game_type(const pdn_game *game);

/** How a game's movetext ended. */
typedef enum pdn_terminator_kind {
    PDN_TERM_NONE = 0,     /* end of input, or the next game's header */
    PDN_TERM_ASTERISK = 1, /* '*' */
    PDN_TERM_RESULT = 2    /* a result: 2-0, 1-0, 1/2-1/2, 4-6, ... */
} pdn_terminator_kind;

/** The terminator; `text` is the result as written ("" for none, "*"). */
PDN_API pdn_terminator_kind pdn_game_terminator(const pdn_game *game, pdn_str *text);

/* ===================================================================== */
/* The game tree                                                         */
/* ===================================================================== */

/*
 * A game's movetext is a tree.  The root (PDN_NODE_ROOT) and every
 * PDN_NODE_VARIATION hold a *sequence* of items in the order they were
 * written: moves, comments, NAGs, variations and setups.  That sequence is
 * the lossless record; where an item attaches follows from its place in it:
 *
 *  - A comment before the first move of its sequence is a *start* comment
 *    of the game or variation (PDN_ATTACH_START).
 *  - A comment written between a move number and its move is a *before*
 *    comment of that move (PDN_ATTACH_BEFORE).
 *  - Any other comment, and every NAG, belongs to the nearest move before it
 *    in the same sequence (PDN_ATTACH_AFTER).
 *  - A variation is an alternative to the nearest move before it in the same
 *    sequence: its first move replaces that move.
 *  - A setup (/FEN "..."/) sets the position for the moves after it.
 *
 * Header comments are PDN_NODE_COMMENT items of the header sequence
 * (pdn_game_header()): comments and unreadable text written before or among
 * the tags.  What stands after the last tag and before the first move (or
 * the terminator, or the end of the input) belongs to the movetext as start
 * comments; in a game without tags that is everything before its first
 * move.  A game that ends at the next game's tags without a move keeps such
 * comments in its header.  The canonical writer puts header comments before
 * the tags and start comments after them, so a written game reads back the
 * same way.
 */
typedef enum pdn_node_kind {
    PDN_NODE_ROOT = 0,
    PDN_NODE_MOVE = 1,
    PDN_NODE_COMMENT = 2,
    PDN_NODE_NAG = 3,
    PDN_NODE_VARIATION = 4,
    PDN_NODE_SETUP = 5,
    PDN_NODE_HEADER = 6
} pdn_node_kind;

/** The root of the movetext (never NULL for a game). */
PDN_API const pdn_node *pdn_game_root(const pdn_game *game);
/** The header sequence: comments among the tags (kind PDN_NODE_HEADER). */
PDN_API const pdn_node *pdn_game_header(const pdn_game *game);

PDN_API pdn_node_kind pdn_node_kind_of(const pdn_node *node);
PDN_API const pdn_node *pdn_node_parent(const pdn_node *node);
PDN_API const pdn_node *pdn_node_first_child(const pdn_node *node);
PDN_API const pdn_node *pdn_node_next(const pdn_node *node);
PDN_API const pdn_node *pdn_node_prev(const pdn_node *node);
/** Byte span of the item in the game's text. */
PDN_API uint32_t pdn_node_offset(const pdn_node *node);
PDN_API uint32_t pdn_node_length(const pdn_node *node);

/* --- moves ------------------------------------------------------------- */

/**
 * A square as written.  Numeric squares are 1..9999.  Algebraic squares have
 * PDN_SQUARE_ALPHA set, the file (0 = 'a') in bits 8-12 and the rank
 * (1-based) in bits 0-7.
 */
typedef uint16_t pdn_square;
#define PDN_SQUARE_ALPHA 0x8000u
#define PDN_SQUARE_IS_ALPHA(s) (((s) & PDN_SQUARE_ALPHA) != 0)
#define PDN_SQUARE_FILE(s) ((unsigned)(((s) >> 8) & 0x1f))
#define PDN_SQUARE_RANK(s) ((unsigned)((s) & 0xff))
#define PDN_SQUARE_MAKE_ALPHA(file, rank) \
    ((pdn_square)(PDN_SQUARE_ALPHA | ((unsigned)(file) << 8) | (unsigned)(rank)))

typedef enum pdn_move_kind {
    PDN_MOVE_SQUARES = 0, /* a draughts move: two or more squares */
    PDN_MOVE_SAN = 1,     /* a chess move in SAN (text in pdn_move.san) */
    PDN_MOVE_UNKNOWN = 2  /* "- -": a move that was not recorded */
} pdn_move_kind;

/** Separator between the squares of a draughts move, as written. */
typedef enum pdn_separator {
    PDN_SEP_MOVE = 0,    /* '-' */
    PDN_SEP_CAPTURE = 1, /* 'x' */
    PDN_SEP_COLON = 2,   /* ':' */
    PDN_SEP_NONE = 3     /* a3b4, 3228 */
} pdn_separator;

/** Move-number marker written before a move. */
typedef enum pdn_number_kind {
    PDN_NUMBER_NONE = 0,  /* no number */
    PDN_NUMBER_WHITE = 1, /* "12." */
    PDN_NUMBER_BLACK = 2  /* "12..." (also "12. ..." and "...") */
} pdn_number_kind;

/** Everything written for one move.  Pointers are borrowed from the game. */
typedef struct pdn_move {
    pdn_move_kind kind;
    pdn_separator separator;
    pdn_number_kind number_kind;
    uint32_t number;            /* 0 when absent (or a bare "...") */
    const pdn_square *squares;  /* PDN_MOVE_SQUARES: the path as written */
    size_t square_count;
    const pdn_square *captured; /* PDN 3.1 list "<42,29>", else NULL */
    size_t captured_count;
    pdn_str san;                /* PDN_MOVE_SAN: e.g. "Nbd7+" (no '!?') */
    pdn_str strength;           /* "!", "?!", "(?)" or "" */
} pdn_move;

/** Fills `out` for a PDN_NODE_MOVE; PDN_EINVAL for any other node. */
PDN_API pdn_status pdn_node_move(pdn_move *out, const pdn_node *node);

/* --- comments, NAGs, setups ------------------------------------------- */

typedef enum pdn_comment_kind {
    PDN_COMMENT_BRACE = 0,   /* { ... } */
    PDN_COMMENT_SEMI = 1,    /* ; to end of line */
    PDN_COMMENT_PERCENT = 2, /* % to end of line */
    PDN_COMMENT_JUNK = 3     /* unreadable text kept so that nothing is lost */
} pdn_comment_kind;

typedef enum pdn_attach {
    PDN_ATTACH_START = 0,
    PDN_ATTACH_BEFORE = 1,
    PDN_ATTACH_AFTER = 2
} pdn_attach;

/**
 * Text of a PDN_NODE_COMMENT (without its braces or line marker) or of a
 * PDN_NODE_SETUP (the FEN between the quotes).  Empty for other nodes.
 */
PDN_API pdn_str pdn_node_text(const pdn_node *node);
/**
 * For a PDN_NODE_SETUP: 1 when it is a well-formed /FEN "..."/ (and
 * pdn_node_text() gives the FEN), 0 when it is not (pdn_node_text() then
 * gives everything between the slashes, kept as written).
 */
PDN_API int pdn_node_setup_is_fen(const pdn_node *node);
PDN_API pdn_comment_kind pdn_node_comment_kind(const pdn_node *node);
/** Where a comment or NAG attaches (see the tree rules above). */
PDN_API pdn_attach pdn_node_attach(const pdn_node *node);
/** The number of a PDN_NODE_NAG ($7 gives 7). */
PDN_API unsigned pdn_node_nag(const pdn_node *node);

/* ===================================================================== */
/* Iterator                                                              */
/* ===================================================================== */

typedef enum pdn_event {
    PDN_EVENT_DONE = 0,
    PDN_EVENT_ENTER = 1, /* every node; containers also get EXIT */
    PDN_EVENT_EXIT = 2   /* root and variations, after their children */
} pdn_event;

/**
 * Walks a tree depth-first without recursion.  A plain value: put it on the
 * stack, initialise with pdn_iter_init(), then call pdn_iter_next() until
 * PDN_EVENT_DONE.  The tree must not change while it is walked.
 */
typedef struct pdn_iter {
    const pdn_node *root;
    const pdn_node *node;
    pdn_event event;
} pdn_iter;

PDN_API void pdn_iter_init(pdn_iter *it, const pdn_node *root);
PDN_API pdn_event pdn_iter_next(pdn_iter *it);

/* ===================================================================== */
/* Typed values                                                          */
/* ===================================================================== */

/*
 * Parsers for the values of tags and comment commands.  Each is a pure
 * function of its text: thread-safe, no allocation.  Each returns
 * PDN_D_NONE when the text is well-formed, or a diagnostic code when it is
 * not; `*err_at` (may be NULL) then receives the byte offset in the text of
 * the first problem.  Some codes mean "understood, but not in the standard
 * form" (PDN_D_ODD_DATE, PDN_D_ODD_GAMETYPE): `out` is filled then too.
 */

/** GameType: "20" or "20,W,10,10,N2,0". */
typedef struct pdn_gametype {
    int type;         /* 0 chess, 20.. draughts; -1 unknown */
    char start;       /* 'W' or 'B' */
    int width, height;
    char notation;    /* 'N' numeric, 'A' algebraic, 'S' SAN */
    int corner;       /* 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right */
    int invert;       /* 0 bottom-left corner plays, 1 it does not */
    int expanded;     /* 1: a bare number expanded from the table */
} pdn_gametype;

PDN_API pdn_diag_code pdn_parse_gametype(pdn_gametype *out, const char *text, size_t len,
                                         size_t *err_at);
/**
 * The table row for a bare type number.  PDN_EINVAL if the standard's table
 * has no row for it (also for lidraughts' 96-99); `out` then holds the type
 * and zeros.  An empty GameType value parses as PDN_D_NONE with type -1.
 */
PDN_API pdn_status pdn_gametype_default(pdn_gametype *out, int type);
/** Capture separator of a type: 'x', ':' or '-'. */
PDN_API char pdn_gametype_capture_separator(int type);

/** Date: YYYY.MM.DD with '?' for unknown digits; 0 means unknown. */
typedef struct pdn_date {
    int year, month, day;
} pdn_date;
PDN_API pdn_diag_code pdn_parse_date(pdn_date *out, const char *text, size_t len,
                                     size_t *err_at);

/** Result values. */
typedef enum pdn_result {
    PDN_RESULT_UNKNOWN = 0, /* "*", "?", "" */
    PDN_RESULT_WHITE = 1,   /* 1-0, 2-0 */
    PDN_RESULT_BLACK = 2,   /* 0-1, 0-2 */
    PDN_RESULT_DRAW = 3,    /* 1/2-1/2, 1-1 */
    PDN_RESULT_FORFEIT = 4, /* 0-0: lost for both */
    PDN_RESULT_OTHER = 5    /* anything else ("4-6", "1+ - 1-") */
} pdn_result;
/** Classifies a result text.  Never fails: unknown text is OTHER. */
PDN_API pdn_result pdn_parse_result(const char *text, size_t len);

/** TimeControl per the standard's grammar. */
#define PDN_TC_MAX_PERIODS 8
typedef struct pdn_timecontrol {
    int kind;           /* 0 periods, 1 unknown "?", 2 no time "-" */
    int period_count;
    struct {
        int moves;      /* 0: rest of the game */
        long seconds;
        long increment; /* 0 if none */
        int sandclock;  /* 1 for "*N" */
    } periods[PDN_TC_MAX_PERIODS];
} pdn_timecontrol;
PDN_API pdn_diag_code pdn_parse_timecontrol(pdn_timecontrol *out, const char *text,
                                            size_t len, size_t *err_at);

/** A duration "[H]H:MM[:SS]" (also with dots) in seconds; "" and "?" give 0. */
PDN_API pdn_diag_code pdn_parse_duration(long *out_seconds, const char *text, size_t len,
                                         size_t *err_at);

/**
 * Embedded comment commands "[%name value]".  pdn_command_next() finds the
 * next command in a comment's text starting at `*pos` and advances `*pos`
 * past it; returns 0 when there is none.
 */
typedef struct pdn_command {
    pdn_str name;   /* "clk" */
    pdn_str value;  /* "1:55:21" (trimmed) */
    size_t offset;  /* of '[' in the comment text */
    size_t length;  /* through ']' */
} pdn_command;
PDN_API int pdn_command_next(pdn_command *out, pdn_str text, size_t *pos);

/**
 * Value of [%clk], [%mct], [%egt], [%emt]: H:MM:SS[.fff] in milliseconds.
 * Hours are required; one-digit minutes or seconds are accepted.
 */
PDN_API pdn_diag_code pdn_parse_clock_time(long long *out_ms, const char *text, size_t len,
                                           size_t *err_at);

/** Value of [%clock]: one or two times, each maybe with w/b/W/B. */
typedef struct pdn_clock {
    int count;
    struct {
        char side;      /* 'w', 'b' or 0 when not given */
        int running;    /* 1 when the letter was uppercase */
        long long ms;
    } times[2];
} pdn_clock;
PDN_API pdn_diag_code pdn_parse_clock(pdn_clock *out, const char *text, size_t len,
                                      size_t *err_at);

/** Value of [%eval]: pawns (centipawns stored) or mate in N. */
typedef struct pdn_eval {
    int is_mate;     /* 1: `mate` moves to mate (negative: being mated) */
    long centipawns;
    int mate;
    int depth;       /* after a comma, or -1 */
} pdn_eval;
PDN_API pdn_diag_code pdn_parse_eval(pdn_eval *out, const char *text, size_t len,
                                     size_t *err_at);

/** One entry of [%csl] (square) or [%cal] (arrow): colour letter + squares. */
typedef struct pdn_mark {
    char color;      /* 'R', 'G', 'Y', 'B' ... as written */
    pdn_square from;
    pdn_square to;   /* == from for a square highlight */
} pdn_mark;
/**
 * Parses the comma-separated list of [%csl]/[%cal] into up to `cap` marks;
 * `*count` receives how many there are (may exceed cap).  Squares are
 * algebraic (a1) or numeric (32).
 */
PDN_API pdn_diag_code pdn_parse_marks(pdn_mark *out, size_t cap, size_t *count,
                                      const char *text, size_t len, int arrows,
                                      size_t *err_at);

/**
 * FEN syntax check (the board meaning comes with the rules).  A draughts FEN
 * per the standard's FEN grammar with its extensions (ranges, '?', empty
 * side, trailing dot, kings); with `chess` set, a chess FEN's six fields.
 */
PDN_API pdn_diag_code pdn_check_fen_syntax(const char *text, size_t len, int chess,
                                           size_t *err_at);

/* ===================================================================== */
/* Boards: geometry, positions, FEN, diagrams                            */
/* ===================================================================== */

/*
 * Cells.  Every board, whatever its GameType, is addressed by cell index
 *     cell = rank * width + file
 * as White sees it: file 0 is White's left, rank 0 is White's back rank.
 * This frame never changes; the numbers and algebraic names a GameType
 * gives the cells are a separate mapping (pdn_geometry).  Boards are
 * 4x4 up to 26x26 (files a..z).
 */
#define PDN_BOARD_MAX 26
#define PDN_CELL_MAX (PDN_BOARD_MAX * PDN_BOARD_MAX)

/**
 * The geometry a GameType tuple defines: which cells are playing squares
 * and what each is called.  Filled by pdn_geometry_init(); then read-only,
 * and safe to share between threads and positions.
 *
 * Names: a square has a number and an algebraic name.  In the game's own
 * notation (N or A in the tuple) they follow the standard's numbering
 * algorithm (corner digit, invert flag, seen from the starting player).  The
 * other one, used when converting: a numeric game's algebraic names are the
 * usual ones seen from White (a1 is White's bottom-left; International
 * 46 = a1); an algebraic game's numbers start in the far left corner as
 * its starting player sees the board, as in International draughts (the
 * numbering Russian numeric FENs use: 1 = b8, 29 = a1).  Give a full tuple
 * with N to choose another.
 */
typedef struct pdn_geometry {
    pdn_gametype gametype;       /* the full tuple (expanded) */
    int width, height;
    int square_count;            /* numbers run 1..square_count */
    int all_playing;             /* 1 when every cell plays (Turkish, chess) */
    int chess;                   /* 1 for GameType 0 */
    int16_t number_of[PDN_CELL_MAX];      /* cell -> number; 0: not playing */
    int16_t cell_of[PDN_CELL_MAX + 1];    /* number -> cell; -1 unused */
    /* algebraic names: file letter and rank of a cell in the game's frame */
    int8_t alpha_flip_file, alpha_flip_rank;
    /* numbers by board row, for loops that take a row at a time: row i holds
       numbers row_start[i] .. row_start[i + 1] - 1, each number's cell the
       previous one's plus row_step (-2, -1, 1 or 2); `rows` 0 for chess */
    int8_t row_step;
    uint8_t rows;
    int16_t row_start[PDN_BOARD_MAX + 1];
} pdn_geometry;

/**
 * Fills `out` for a GameType.  A tuple with width 0 (a bare number that
 * pdn_parse_gametype() could not expand) is PDN_EINVAL, as are sides
 * outside 4..26 and notations other than N, A and S.  Thread-safe.
 */
PDN_API pdn_status pdn_geometry_init(pdn_geometry *out, const pdn_gametype *gametype);
/** The cell of a square (numeric or algebraic), or -1 when the board has no such square. */
PDN_API int pdn_geometry_cell(const pdn_geometry *g, pdn_square square);
/**
 * The name of a cell: `notation` 'N' for its number, 'A' for its algebraic
 * name, 0 for the game's own notation.  0 when the cell does not play (or
 * is off the board; chess squares have no numbers).
 */
PDN_API pdn_square pdn_geometry_square(const pdn_geometry *g, int cell, char notation);
/**
 * Writes a square as text ("46", "b10") into `buf` (at least 8 bytes),
 * NUL-terminated; returns the length.  Uppercase never; no leading zeros.
 */
PDN_API size_t pdn_square_format(pdn_square square, char *buf);

/** Pieces: a colour in bits 0-1 and a kind above. */
typedef uint8_t pdn_piece;
#define PDN_WHITE 1u
#define PDN_BLACK 2u
#define PDN_ANY_COLOR 3u          /* FEN '?': colour unknown */
#define PDN_MAN (1u << 2)         /* draughts */
#define PDN_KING (2u << 2)        /* draughts king */
#define PDN_PAWN (3u << 2)        /* chess */
#define PDN_KNIGHT (4u << 2)
#define PDN_BISHOP (5u << 2)
#define PDN_ROOK (6u << 2)
#define PDN_QUEEN (7u << 2)
#define PDN_CHESS_KING (8u << 2)
#define PDN_PIECE_COLOR(p) ((unsigned)(p) & 3u)
#define PDN_PIECE_KIND(p) ((unsigned)(p) & ~3u)

/**
 * A position: the pieces by cell, the side to move, and for chess the
 * castling rights, en-passant square and clocks.  A plain value: copy it
 * with `=`.  The geometry is borrowed and must outlive the position.
 */
typedef struct pdn_position {
    const pdn_geometry *geometry;
    char turn;                     /* 'W', 'B', or '?' (FEN '?') */
    int8_t castling[4];            /* chess: rook file of White O-O, White
                                      O-O-O, Black O-O, Black O-O-O; -1 none */
    int16_t en_passant;            /* chess: target cell, or -1 */
    int halfmove_clock, fullmove;  /* chess clocks (0 and 1 by default) */
    pdn_piece board[PDN_CELL_MAX]; /* by cell; 0 = empty */
} pdn_position;

/** An empty board with `turn` set to the GameType's starting colour. */
PDN_API void pdn_position_clear(pdn_position *out, const pdn_geometry *g);
/**
 * The starting position of the geometry's GameType: the men on the rows
 * nearest each player (half the rows minus one each; two on Thai boards,
 * rows 2-3 and 6-7 on Turkish), White's nearest rank 0, the starting
 * colour to move; the initial array for chess.
 */
PDN_API void pdn_position_start(pdn_position *out, const pdn_geometry *g);
/** 1 when two positions have the same pieces, side to move and (chess) rights. */
PDN_API int pdn_position_equal(const pdn_position *a, const pdn_position *b);

/**
 * Reads a FEN into `out` for geometry `g`: the standard's draughts FEN
 * (numeric or algebraic squares, also mixed, K for kings, ranges "31-50",
 * '?' colours, an empty side, squares in any order, a trailing dot,
 * uppercase squares) or, when `g->chess`, a chess FEN (also Shredder and
 * X-FEN castling letters; the clocks may be missing).
 *
 * Returns PDN_D_NONE, or:
 *  - PDN_D_FEN_FORM: understood, but not as PDN 3.0 writes it (trailing dot,
 *    spaces, uppercase squares); `out` is filled;
 *  - PDN_D_BAD_FEN: a syntax error;
 *  - PDN_D_FEN_SQUARE: a square the board does not have;
 *  - PDN_D_FEN_TWICE: a square given twice;
 *  - PDN_D_FEN_POSITION: a chess position that cannot occur (no king or two,
 *    pawns on the first or last rank, castling without king and rook, an
 *    impossible en-passant square, the side not to move in check).
 * `*err_at` receives the offset in `text` of the problem.  Thread-safe.
 */
PDN_API pdn_diag_code pdn_fen_read(pdn_position *out, const pdn_geometry *g,
                                   const char *text, size_t len, size_t *err_at);
/**
 * Writes a position as canonical FEN: draughts "W:W31-50:B1-20" (White's
 * pieces then Black's then unknown ones; each side's men then its kings,
 * numbers ascending with runs of three or more as ranges, algebraic names
 * by file then rank); `notation` 'N', 'A' or 0 for the game's own.  Chess:
 * the six fields, castling as KQkq (X-FEN: a rook's file when it is not
 * the outermost rook of its wing, as in some Chess960 positions).
 * Writes at most `cap` bytes including a NUL; returns the length the whole
 * FEN needs (as snprintf does).  Thread-safe.
 */
PDN_API size_t pdn_fen_write(const pdn_position *pos, char notation, char *buf, size_t cap);

/**
 * The geometry of a game: its GameType tag when readable, else the type
 * pdn_game_type() gives (international draughts when that is unknown).
 */
PDN_API pdn_status pdn_game_geometry(const pdn_game *game, pdn_geometry *out);
/**
 * The position a game starts from: its FEN tag, or the starting position of
 * `g`.  Returns what pdn_fen_read() returns for the FEN tag (the reader has
 * reported it as a diagnostic of the game already); on a FEN error `out`
 * holds the starting position.
 */
PDN_API pdn_diag_code pdn_game_start_position(const pdn_game *game, const pdn_geometry *g,
                                              pdn_position *out);

/* ===================================================================== */
/* Writers                                                               */
/* ===================================================================== */

/**
 * Output goes through a sink: write(ctx, data, len) returns 0 on success;
 * any other value stops the writer, which returns PDN_EIO.
 */
typedef struct pdn_sink {
    int (*write)(void *ctx, const char *data, size_t len);
    void *ctx;
} pdn_sink;

/* The results of replaying a game (see "Replay" below). */
typedef struct pdn_replay pdn_replay;

/** How pdn_write_pdn() writes moves, given a replay of the game. */
typedef enum pdn_capture_form {
    PDN_CAPTURES_ASIS = 0,    /* as written (the lossless default) */
    PDN_CAPTURES_MINIMAL = 1, /* PDN 3.0 restrictions 8 and 9: from-to, and
                                 the full path with the intermediate squares
                                 only where from-to is ambiguous; chess moves
                                 in canonical SAN (the PGN export format) */
    PDN_CAPTURES_FULL = 2     /* every capture with its full path; chess
                                 moves in canonical SAN */
} pdn_capture_form;

/** Options for writers.  Initialise with PDN_WRITE_OPTIONS_INIT. */
typedef struct pdn_write_options {
    unsigned version;     /* PDN_WRITE_OPTIONS_VERSION */
    unsigned line_width;  /* movetext wrap column (default 80) */
    int positions;        /* JSON: include line/column of items */
    int diagnostics;      /* JSON: include the game's diagnostics */
    int source_order;     /* JSON: tags in input order (else canonical) */
    /* PDN writer, version 2: */
    const pdn_replay *replay;  /* pdn_replay_run() of this game, or NULL:
                                  needed by `captures`, and by `notation`
                                  for games without GameType tag */
    pdn_capture_form captures; /* moves the replay resolved; others as written */
    char notation;             /* squares: 0 as written, 'N' numeric, 'A' algebraic */
} pdn_write_options;
#define PDN_WRITE_OPTIONS_VERSION 2
#define PDN_WRITE_OPTIONS_INIT \
    { PDN_WRITE_OPTIONS_VERSION, 80, 1, 1, 1, NULL, PDN_CAPTURES_ASIS, 0 }

/**
 * Writes a game as canonical PDN 3.0 (PGN export format for chess),
 * followed by a blank line.  See docs/format.md for what "canonical" means.
 * With the default options the output of a game read in any mode reads back
 * into an equal tree; `captures` and `notation` rewrite moves (to the same
 * moves).  Options of version 1 (without those fields) are accepted.
 */
PDN_API pdn_status pdn_write_pdn(const pdn_game *game, const pdn_write_options *opts,
                                 pdn_sink sink);

/** Writes a game as one line of JSON (docs/json.md), ending in a newline. */
PDN_API pdn_status pdn_write_json(const pdn_game *game, const pdn_write_options *opts,
                                  pdn_sink sink);

/** Diagram formats. */
typedef enum pdn_diagram_format {
    PDN_DIAGRAM_ASCII = 0,   /* letters: w b W B (draughts), PNBRQK pnbrqk (chess) */
    PDN_DIAGRAM_UNICODE = 1, /* ⛀⛁⛂⛃ for draughts, ♔..♟ for chess */
    PDN_DIAGRAM_SVG = 2      /* a standalone SVG document */
} pdn_diagram_format;

/** Labels drawn on a diagram (a bit set). */
#define PDN_LABEL_NUMBERS 1u /* square numbers in the corner of playing squares */
#define PDN_LABEL_COORDS 2u  /* file letters and rank numbers along the edges */
#define PDN_LABEL_AUTO 0x80u /* the game's notation: numbers, or coordinates */

/** Options for pdn_write_diagram().  Initialise with PDN_DIAGRAM_OPTIONS_INIT. */
typedef struct pdn_diagram_options {
    unsigned version;          /* PDN_DIAGRAM_OPTIONS_VERSION */
    pdn_diagram_format format;
    int flip;                  /* 1: Black at the bottom (default White) */
    unsigned labels;           /* PDN_LABEL_* */
    unsigned square_size;      /* SVG: pixels per square (default 50) */
    const pdn_mark *marks;     /* [%csl] highlights and [%cal] arrows to draw */
    size_t mark_count;
} pdn_diagram_options;
#define PDN_DIAGRAM_OPTIONS_VERSION 1
#define PDN_DIAGRAM_OPTIONS_INIT \
    { PDN_DIAGRAM_OPTIONS_VERSION, PDN_DIAGRAM_ASCII, 0, PDN_LABEL_AUTO, 50, NULL, 0 }

/**
 * Draws a position.  Marks whose squares the board does not have are
 * skipped.  Thread-safe for distinct sinks.
 */
PDN_API pdn_status pdn_write_diagram(const pdn_position *pos, const pdn_diagram_options *opts,
                                     pdn_sink sink);

/** Where a square's piece (or empty-square sign) is in a text diagram. */
typedef struct pdn_diagram_spot {
    int line;   /* line of the output, 0 the first (the frame's top edge) */
    int column; /* characters before it on its line; every character of a
                   text diagram is one column wide on a terminal */
    int width;  /* characters the sign takes (1) */
} pdn_diagram_spot;

/**
 * Where pdn_write_diagram() with the same geometry and options draws the
 * sign of board cell `cell` (light squares of draughts boards included:
 * a blank there), so that a program can highlight squares of the diagram
 * it shows.  Returns PDN_OK; PDN_EINVAL for NULL arguments, options
 * pdn_write_diagram() refuses, a format other than PDN_DIAGRAM_ASCII and
 * PDN_DIAGRAM_UNICODE, or a cell off the board (`out`, when not NULL, then
 * holds line and column -1, width 0).  Thread-safe.
 */
PDN_API pdn_status pdn_diagram_locate(pdn_diagram_spot *out, const pdn_geometry *g,
                                      const pdn_diagram_options *opts, int cell);

/**
 * An HTML game viewer: one self-contained page (style and script inline,
 * nothing fetched) showing the games added to it: a game list when there
 * are several, the board as pdn_write_diagram() draws it in SVG with the
 * last move and the [%csl]/[%cal] marks of the current ply, the move list
 * with variations, comments, NAGs, clock times and the problems the replay
 * found, navigation by buttons, arrow keys and clicks, a flip button and
 * the current FEN.  Each game is replayed when it is added and stored
 * compactly (the page plays the resolved moves itself and parses a game
 * only when it is shown), so pages of many thousand games open quickly.
 * The writer holds one game at a time, plus a list entry per game.  One
 * writer must not be used from two threads at once.
 */
typedef struct pdn_html pdn_html;

/** Options for pdn_html_new().  Initialise with PDN_HTML_OPTIONS_INIT. */
typedef struct pdn_html_options {
    unsigned version;               /* PDN_HTML_OPTIONS_VERSION */
    const char *title;              /* the page's title, UTF-8, copied; NULL: "Games" */
    int gametype;                   /* -1: each game's own GameType; else replay every
                                       game as this type (pdn_replay_options) */
    const pdn_allocator *allocator; /* NULL: libc */
} pdn_html_options;
#define PDN_HTML_OPTIONS_VERSION 1
#define PDN_HTML_OPTIONS_INIT { PDN_HTML_OPTIONS_VERSION, NULL, -1, NULL }

/**
 * Starts a page that goes to `sink`; `opts` may be NULL (defaults).
 * Nothing is written yet.  Returns PDN_OK, PDN_ENOMEM, or PDN_EINVAL (NULL
 * `out`, no sink function, another options version); `*out` is NULL on
 * failure.  Free the writer with pdn_html_free().
 */
PDN_API pdn_status pdn_html_new(pdn_html **out, const pdn_html_options *opts, pdn_sink sink);
/**
 * Replays `game` (which need not outlive the call) and writes it.  Returns
 * PDN_OK, PDN_ENOMEM, PDN_EINVAL (NULL arguments, a finished page), or
 * PDN_EIO once the sink has failed.
 */
PDN_API pdn_status pdn_html_add(pdn_html *html, const pdn_game *game);
/**
 * The errors of the games added so far, as `pdn check` counts them: the
 * games' own (syntax) and their replays' (illegal moves, ...).  The page
 * shows them at their moves; a caller may want to say so too.  0 for NULL.
 */
PDN_API uint64_t pdn_html_errors(const pdn_html *html);
/**
 * Writes the rest of the page: the list, the boards and the script (a page
 * without games says the file holds none).  Returns PDN_OK, PDN_ENOMEM,
 * PDN_EIO (the sink failed: the page is incomplete), or PDN_EINVAL (NULL,
 * or finished already).
 */
PDN_API pdn_status pdn_html_finish(pdn_html *html);
/** Frees a writer, finished or not.  NULL is allowed. */
PDN_API void pdn_html_free(pdn_html *html);

/* ===================================================================== */
/* Draughts rules: legal moves, perft, move resolution                   */
/* ===================================================================== */

/*
 * The rules of a draughts variant are data: pdn_rules_init() fills a
 * pdn_rules for a GameType number, and a program may change any field to
 * play a custom tuple (International rules on 12x12, Russian rules on
 * 10x8, ...).  pdn_draughts_new() joins rules and a geometry into an engine
 * that precomputes what move generation needs; the engine is read-only
 * afterwards, so one engine may serve many threads at once.
 *
 * Directions are relative to the side that moves: forward is towards the
 * opponent.  On a board of alternating colours an orthogonal step goes to
 * the next square of the same colour, two cells on (Frisian); on a board
 * where every cell plays (Turkish) it goes to the next cell.
 */
#define PDN_DIR_DIAG_FORWARD 1u  /* the two forward diagonals */
#define PDN_DIR_DIAG_BACKWARD 2u /* the two backward diagonals */
#define PDN_DIR_FORWARD 4u       /* straight ahead along the file */
#define PDN_DIR_BACKWARD 8u      /* straight back along the file */
#define PDN_DIR_SIDEWAYS 16u     /* left and right along the rank */
#define PDN_DIR_DIAGONAL (PDN_DIR_DIAG_FORWARD | PDN_DIR_DIAG_BACKWARD)
#define PDN_DIR_ORTHOGONAL (PDN_DIR_FORWARD | PDN_DIR_BACKWARD | PDN_DIR_SIDEWAYS)

/** What happens to a man that reaches the far row in the middle of a capture. */
typedef enum pdn_promotion {
    PDN_PROMOTE_PASS = 0, /* it goes on as a man; crowned only if it ends there */
    PDN_PROMOTE_KING = 1, /* crowned at once, goes on capturing as a king (Russian) */
    PDN_PROMOTE_STOP = 2  /* the capture ends there and the man is crowned */
} pdn_promotion;

/**
 * Criteria that choose among the possible captures, applied in the order
 * of pdn_rules.prefer: only the captures best under the first criterion
 * stay, ties go to the next one, and what is left is free choice.
 */
typedef enum pdn_prefer {
    PDN_PREFER_END = 0,            /* ends the list */
    PDN_PREFER_MOST_PIECES = 1,    /* most pieces captured, a king counting as a man */
    PDN_PREFER_MOST_VALUE = 2,     /* highest sum of man_value and king_value captured */
    PDN_PREFER_KING_CAPTURES = 3,  /* a capture made by a king rather than by a man */
    PDN_PREFER_MOST_KINGS = 4,     /* most kings captured */
    PDN_PREFER_EARLIEST_KINGS = 5  /* the kings met earliest in the sequence (Italian) */
} pdn_prefer;
#define PDN_PREFER_MAX 6

/** The rules of a variant.  Fill with pdn_rules_init(), then adjust. */
typedef struct pdn_rules {
    unsigned version;       /* PDN_RULES_VERSION */
    int type;               /* the GameType number they were made for */
    unsigned man_moves;     /* PDN_DIR_* a man steps one square in */
    unsigned man_captures;  /* PDN_DIR_* a man captures in */
    unsigned king_moves;    /* PDN_DIR_* a king moves in */
    unsigned king_captures; /* PDN_DIR_* a king captures in */
    int king_flying;        /* 1: a king moves any distance; 0: one square */
    int king_capture_flying; /* 1: a king captures a piece at any distance on
                                its line; 0: only an adjacent one */
    int king_lands_next;    /* 1: a capturing king lands right behind the
                               piece (Thai, short kings); 0: on any empty
                               square behind it, but on one from which it can
                               capture again when there is such a square */
    int men_capture_kings;  /* 0: a man may not capture a king (Italian) */
    int remove_immediately; /* 1: each captured piece leaves the board at once
                               (Turkish, Thai); 0: all at the end of the move,
                               blocking the way until then */
    int reverse_allowed;    /* with remove_immediately: 1 when a capture may
                               turn back 180 degrees (Thai); 0: never */
    pdn_promotion promotion;
    unsigned char prefer[PDN_PREFER_MAX]; /* pdn_prefer criteria ending with
                                             PDN_PREFER_END; empty: free choice */
    int man_value, king_value; /* weights for PDN_PREFER_MOST_VALUE */
    int king_move_limit;    /* a player who still has a man may make at most
                               this many non-capturing moves in a row with the
                               same king (Frisian: 3); 0: no limit */
} pdn_rules;
#define PDN_RULES_VERSION 1

/**
 * Fills `out` with the rules of a GameType number: 20-31 (all type-23 games
 * share American pool's rules), 40, 41, and lidraughts' 96-99 (97 Frysk! is
 * Frisian; the others move as International).  Where sources disagree the
 * choice is the one docs (variant-rules.md section 6) recommends: Frisian king
 * = 199 against a man's 100, Turkish men crowned at the end of a capture,
 * Spantsiretti with Russian rules.  PDN_EINVAL for chess and other numbers
 * (`out` then holds International rules).  Thread-safe.
 */
PDN_API pdn_status pdn_rules_init(pdn_rules *out, int type);

/** An engine: rules and a geometry joined, with precomputed tables. */
typedef struct pdn_draughts pdn_draughts;

/**
 * Creates an engine for geometry `g` (copied; the engine does not keep the
 * pointer) and `rules` (copied).  `allocator` may be NULL (libc); it is also
 * used by perft.  Returns PDN_OK, PDN_ENOMEM, or PDN_EINVAL for a chess
 * geometry, a rules version other than PDN_RULES_VERSION, or rules without
 * any man move.  Free with pdn_draughts_free().  The engine is read-only:
 * every function below may use it from several threads at once.
 */
PDN_API pdn_status pdn_draughts_new(pdn_draughts **out, const pdn_geometry *g,
                                    const pdn_rules *rules, const pdn_allocator *allocator);
/** Frees an engine.  NULL is allowed. */
PDN_API void pdn_draughts_free(pdn_draughts *d);
/** The engine's rules and geometry (borrowed, live as long as the engine). */
PDN_API const pdn_rules *pdn_draughts_rules(const pdn_draughts *d);
PDN_API const pdn_geometry *pdn_draughts_geometry(const pdn_draughts *d);

/**
 * What legality depends on beyond the position: for each colour ([0] White,
 * [1] Black) the king that made the last non-capturing moves (its cell now,
 * or -1) and how many such moves it made in a row.  Only the Frisian
 * king-move limit reads it.  A plain value; start from
 * PDN_DRAUGHTS_STATE_INIT, and pdn_draughts_play() keeps it up to date.
 */
typedef struct pdn_draughts_state {
    int16_t king_cell[2];
    uint8_t king_moves[2];
} pdn_draughts_state;
#define PDN_DRAUGHTS_STATE_INIT { { -1, -1 }, { 0, 0 } }

/**
 * A legal move.  Cells are the board's cells (pdn_geometry_square() names
 * them).  `path` holds `path_count` cells: the start, then for each captured
 * piece the square the mover lands on after it, the last one being `to` (a
 * plain move has the path {from, to}).  Where a king goes on capturing in
 * the same direction the landing square recorded is the one right behind
 * the captured piece, and where it turns, the square where it turns: the
 * intermediate squares of PDN 3.0 (restriction 9).  `captured` holds
 * `capture_count` cells in the order they were captured.  The pointers are
 * borrowed from the pdn_movelist the move came from.
 */
typedef struct pdn_draughts_move {
    int from, to;
    int king;        /* 1: the piece that moves is a king */
    int promotes;    /* 1: the man is crowned by this move */
    size_t capture_count;
    size_t path_count;
    const int16_t *path;
    const int16_t *captured;
} pdn_draughts_move;

/** A list of moves, reused from call to call (it keeps its memory). */
typedef struct pdn_movelist pdn_movelist;
/** Creates an empty list.  `allocator` may be NULL (libc). */
PDN_API pdn_status pdn_movelist_new(pdn_movelist **out, const pdn_allocator *allocator);
/** Frees a list.  NULL is allowed. */
PDN_API void pdn_movelist_free(pdn_movelist *list);
/** Number of moves in the list. */
PDN_API size_t pdn_movelist_count(const pdn_movelist *list);
/** Move `index` (all zero when out of range); its pointers live until the
 * list is next filled or freed. */
PDN_API pdn_draughts_move pdn_movelist_get(const pdn_movelist *list, size_t index);

/* Flags of pdn_draughts_moves() and pdn_draughts_perft(). */
#define PDN_MOVES_PATHS 0u  /* every capture path is a move of its own */
#define PDN_MOVES_UNIQUE 1u /* captures with the same start, end and set of
                               captured pieces (the same resulting position)
                               are one move, the first path found */

/**
 * Fills `out` with the legal moves of `pos` for its side to move: captures
 * only when there is one (complete sequences, filtered by the precedence
 * rules), else the plain moves.  `state` may be NULL (no history: the
 * Frisian king-move limit is not applied).  Pieces of unknown colour (FEN
 * '?') block squares and are never captured.  The position's geometry (if
 * not NULL) must have the engine's board: size and playing squares.  Returns
 * PDN_OK, PDN_ENOMEM (the list is then empty), or PDN_EINVAL (NULL
 * arguments, a side to move of '?', another board).
 */
PDN_API pdn_status pdn_draughts_moves(pdn_movelist *out, const pdn_draughts *d,
                                      const pdn_position *pos,
                                      const pdn_draughts_state *state, unsigned flags);

/**
 * Plays a legal move (one of pdn_draughts_moves() or pdn_draughts_resolve()
 * for this position) on `pos`: the piece goes from `from` to `to`, captured
 * pieces leave, a man that promotes becomes a king, and the other side is to
 * move.  `state` may be NULL; otherwise it is updated.  The move is not
 * checked for legality, only for cells on the board (PDN_EINVAL).
 */
PDN_API pdn_status pdn_draughts_play(pdn_position *pos, pdn_draughts_state *state,
                                     const pdn_draughts *d, const pdn_draughts_move *move);

/**
 * Finds the legal moves a written move can mean (variant-rules.md section
 * 4): the first written square must be the start and the last the end; the
 * squares between stand for landings, in order, at most one per captured
 * piece but the last: a square where the piece turns, or, where a king goes
 * straight on, the PDN 3.0 square right behind the captured piece or any
 * other square before the next one (a plain king move may name a square it
 * passes); a PDN 3.1 captured list must be the set of captured pieces.
 * Squares may be numeric or algebraic; the separator is not looked at.
 * `out` receives the matches, one per resulting position (as with
 * PDN_MOVES_UNIQUE): 0 means illegal, 1 resolved, more ambiguous.  Returns
 * PDN_EINVAL for a written move that is not PDN_MOVE_SQUARES, or as
 * pdn_draughts_moves() does.
 */
PDN_API pdn_status pdn_draughts_resolve(pdn_movelist *out, const pdn_draughts *d,
                                        const pdn_position *pos,
                                        const pdn_draughts_state *state,
                                        const pdn_move *written);

/* Flags of pdn_draughts_format(). */
#define PDN_FORMAT_FULL 1u /* write every intermediate square, even when the
                              short form from-to is unambiguous */

/**
 * Writes `move` as PDN text: "32-28", "47x36", "c3:e5".  By default the
 * short form from-to, and the PDN 3.0 long form (restrictions 8 and 9:
 * start, intermediate squares, end) only when another move of `legal` goes
 * from the same start to the same end with other captured pieces; `legal`
 * must hold every legal move of the position (pdn_draughts_moves()) and
 * gives the engine, hence the GameType's capture separator.  `notation` is
 * 'N' for numbers, 'A' for algebraic names, 0 for the game's own.  Writes at
 * most `cap` bytes including a NUL and returns the length the whole text
 * needs (as snprintf does); 0 when `legal` was never filled.  Thread-safe for
 * distinct buffers.
 */
PDN_API size_t pdn_draughts_format(char *buf, size_t cap, const pdn_movelist *legal,
                                   const pdn_draughts_move *move, char notation,
                                   unsigned flags);

/**
 * Counts the move paths of exactly `depth` plies from `pos` (perft):
 * PDN_MOVES_PATHS counts every capture path, PDN_MOVES_UNIQUE merges the
 * captures that give the same position (variant-rules.md 8.1).  Draw rules
 * are ignored; `state` (may be NULL) carries the Frisian king-move history
 * into the search.  Depth 0 counts 1.  Returns PDN_OK, PDN_ENOMEM or
 * PDN_EINVAL (as pdn_draughts_moves(), or a negative depth).
 */
PDN_API pdn_status pdn_draughts_perft(uint64_t *out, const pdn_draughts *d,
                                      const pdn_position *pos,
                                      const pdn_draughts_state *state, int depth,
                                      unsigned flags);

/* (end of the draughts rules section) */

/* ===================================================================== */
/* Chess rules: legal moves, SAN, perft                                  */
/* ===================================================================== */

/*
 * The rules of chess (GameType 0) on pdn_position values whose geometry is
 * the chess board: legal moves, playing them, SAN in and out, perft, and
 * the facts a game record needs.  Standard chess and Chess960 alike: the
 * castling rights are rook files (pdn_position.castling), and castling puts
 * the king on the g file and the rook on the f file (O-O), or king c and
 * rook d (O-O-O), wherever they stood.
 *
 * Every function below is a pure function of its arguments: it allocates
 * nothing, keeps no state and is thread-safe; only the position passed to
 * pdn_chess_play() is written.  The functions refuse (PDN_EINVAL, or
 * PDN_SAN_BAD_POSITION) a position that no game of chess can reach in one
 * of these ways, the ones pdn_fen_read() reports as PDN_D_FEN_POSITION:
 *  - no geometry, a geometry that is not chess, or turn not 'W' or 'B';
 *  - a cell holding anything but a white or black chess piece;
 *  - a side without a king or with two; a pawn on rank 1 or 8;
 *  - a castling right whose king and rook are not on their home rank with
 *    the rook on that right's side of the king;
 *  - an en-passant cell not just behind an enemy pawn that can have made
 *    a double step (the cell and the one it came from empty);
 *  - the side that has just moved standing in check.
 * A position may pass these checks and still hold far more pieces than a
 * game can (thirty queens) and more legal moves than PDN_CHESS_MOVES_MAX;
 * the functions then return PDN_ELIMIT (PDN_SAN_BAD_POSITION for SAN).
 */

/** Bits of pdn_chess_move.flags. */
#define PDN_CHESS_CAPTURE 1u     /* takes a piece (en passant included) */
#define PDN_CHESS_EN_PASSANT 2u  /* a pawn takes en passant */
#define PDN_CHESS_CASTLE 4u      /* castling: `to` is the rook's cell */
#define PDN_CHESS_DOUBLE_STEP 8u /* a pawn's two-cell advance */
#define PDN_CHESS_NULL 16u       /* a null move ("--"): the turn passes */

/**
 * One move, a plain value.  Cells are rank * 8 + file (a1 = 0, h8 = 63).
 * Castling is written as the king moving onto its own rook (from = the
 * king's cell, to = the rook's cell), which no ordinary move does, so it is
 * never mistaken for a king step in Chess960; the king still ends on the g
 * or c file.  A null move has flags PDN_CHESS_NULL and zeros elsewhere.
 */
typedef struct pdn_chess_move {
    uint8_t from, to;
    uint8_t piece;     /* PDN_PAWN..PDN_CHESS_KING, without colour; 0: null */
    uint8_t promotion; /* PDN_KNIGHT..PDN_QUEEN, or 0 */
    uint8_t flags;     /* PDN_CHESS_* */
} pdn_chess_move;

/** Room for the legal moves of any position a game can reach (at most 218). */
#define PDN_CHESS_MOVES_MAX 256

/**
 * The legal moves of `pos` into `out`, which has room for
 * PDN_CHESS_MOVES_MAX; `*count` receives how many (0: mate or stalemate).
 * Returns PDN_OK, or PDN_EINVAL for NULL arguments or a refused position
 * (`*count` is then 0).  The order is fixed but has no meaning.
 */
PDN_API pdn_status pdn_chess_moves(pdn_chess_move *out, size_t *count, const pdn_position *pos);

/**
 * Plays a legal move on `pos`: the pieces, the side to move, castling
 * rights, the en-passant cell (set after every double step, as FEN
 * records it), the halfmove clock and the move number.  The move is known
 * by `from`, `to` and `promotion`; its piece and flags are taken from the
 * legal move they name.  A null move (flags PDN_CHESS_NULL) passes the
 * turn when the side to move is not in check.  Returns PDN_OK, or
 * PDN_EINVAL (and leaves `pos` as it was) for a refused position or a move
 * that is not legal in it.
 */
PDN_API pdn_status pdn_chess_play(pdn_position *pos, pdn_chess_move move);

/**
 * Perft: the number of move sequences of length `depth` from `pos` (leaf
 * nodes; depth 0 gives 1), no draw rules applied.  Time grows about 30-fold
 * a ply.  Returns PDN_OK, PDN_EINVAL for NULL or a refused position, or
 * PDN_ELIMIT (see above).
 */
PDN_API pdn_status pdn_chess_perft(uint64_t *out, const pdn_position *pos, unsigned depth);

/** What the rules say about a position (pdn_chess_examine()). */
typedef struct pdn_chess_facts {
    int check;         /* the side to move stands in check */
    int checkmate;     /* in check with no legal move */
    int stalemate;     /* not in check, no legal move */
    int insufficient;  /* mate is out of reach for both: no pawn, rook or
                          queen, and one minor piece at most or only
                          bishops, all on cells of one colour */
    int fifty_moves;   /* halfmove clock at 100 or more: a draw may be
                          claimed (the 75-move rule is clock >= 150) */
    size_t move_count; /* legal moves */
    uint64_t key;      /* equal for positions FIDE counts as the same for
                          repetition (article 9.2): pieces, side to move,
                          castling rights, and the en-passant cell only
                          when a capture there is legal.  Different
                          positions collide with odds about 2^-64. */
} pdn_chess_facts;

/** Fills `out` for `pos`.  PDN_EINVAL for NULL or a refused position. */
PDN_API pdn_status pdn_chess_examine(pdn_chess_facts *out, const pdn_position *pos);

/* --- SAN ------------------------------------------------------------- */

/**
 * What became of SAN text.  pdn_san_parse() gives OK, MALFORMED or
 * BAD_PROMOTION; resolving against a position adds the rest.
 */
typedef enum pdn_san_status {
    PDN_SAN_OK = 0,            /* well-formed; resolved: exactly one legal
                                  move matches (see the notes below) */
    PDN_SAN_MALFORMED = 1,     /* not a move; the error offset points at the
                                  first character that cannot belong: 'p' in
                                  "Nf3xp5+" */
    PDN_SAN_BAD_PROMOTION = 2, /* a promotion no rule allows: by a piece
                                  ("Qa8=N"), not on the last rank, to a king;
                                  or a pawn reaching the last rank without
                                  one ("e8") */
    PDN_SAN_ILLEGAL = 3,       /* no legal move matches */
    PDN_SAN_AMBIGUOUS = 4,     /* several legal moves match ("Nd2" for two) */
    PDN_SAN_BAD_POSITION = 5   /* the position is refused (see above) */
} pdn_san_status;

/*
 * Notes on text that resolved (PDN_SAN_OK) to one move but is not that
 * move's canonical SAN, a bit set; pdn_chess_format_san() writes the
 * canonical form.
 *  - LONG: long algebraic: e2e4, e2-e4, Ng1-f3, e7e8q, e4xd5.
 *  - NON_STANDARD: a spelling SAN does not use: 0-0, e8Q, e8=q, e8(Q),
 *    e8/Q, Pe4, ':' for 'x', "++" for check, xd5 or d5 for a pawn
 *    capture, Ke1g1 for castling, a rank where the file tells the pieces
 *    apart (N1d2).
 *  - OVERSPECIFIED: more disambiguation than needed: Nge2 when only one
 *    knight can go there, ee4.
 *  - CHECK_MISSING: the move checks or mates and no '+' or '#' says so.
 *  - CHECK_WRONG: '+' without check or for a mate, '#' without mate.
 *  - CAPTURE_MISSING: takes a piece without 'x' (bare coordinates such as
 *    e4d5 claim nothing).
 *  - CAPTURE_WRONG: 'x' on a move that takes nothing.
 *  - NULL_MOVE: "--" or "Z0", a null move, which the rules do not know.
 */
#define PDN_SAN_LONG 0x01u
#define PDN_SAN_NON_STANDARD 0x02u
#define PDN_SAN_OVERSPECIFIED 0x04u
#define PDN_SAN_CHECK_MISSING 0x08u
#define PDN_SAN_CHECK_WRONG 0x10u
#define PDN_SAN_CAPTURE_MISSING 0x20u
#define PDN_SAN_CAPTURE_WRONG 0x40u
#define PDN_SAN_NULL_MOVE 0x80u

/** pdn_san.castle */
#define PDN_SAN_CASTLE_SHORT 1 /* O-O */
#define PDN_SAN_CASTLE_LONG 2  /* O-O-O */

/** SAN text taken apart, before any position is looked at. */
typedef struct pdn_san {
    uint8_t piece;        /* PDN_PAWN..PDN_CHESS_KING; 0 for castling, null
                             moves and bare coordinates (e2e4, g1f3), which
                             name whatever stands on the from cell */
    int8_t from_file;     /* disambiguation: 0-7 for a-h, or -1 */
    int8_t from_rank;     /* 0-7 for 1-8, or -1 */
    int8_t to_file;       /* destination; -1 for castling and null moves */
    int8_t to_rank;
    char separator;       /* 'x' (also for ':'), '-' (long form) or 0 */
    uint8_t promotion;    /* PDN_KNIGHT..PDN_CHESS_KING as written, or 0 */
    uint8_t castle;       /* 0 or PDN_SAN_CASTLE_* */
    uint8_t null_move;    /* 1 for "--" and "Z0" */
    char check;           /* '+', '#' or 0 */
    unsigned form;        /* PDN_SAN_LONG and PDN_SAN_NON_STANDARD as the
                             text alone shows them */
    size_t length;        /* bytes before a "!", "?", "!!", "??", "!?" or "?!"
                             suffix (tolerated and skipped) */
} pdn_san;

/** Room for pdn_san_format() and pdn_chess_format_san(), NUL included. */
#define PDN_SAN_MAX 16

/**
 * Takes apart SAN (the PGN standard's, section 8.2.3) and the forms real
 * files hold: long algebraic (e2e4, e2-e4, Ng1-f3, e7e8q), castling with
 * zeros, promotion without '=', null moves "--" and "Z0", and a trailing
 * "!", "?", "!!", "??", "!?" or "?!".  Returns PDN_SAN_OK;
 * PDN_SAN_BAD_PROMOTION, with `out` filled (this is the check a promotion
 * needs that does not depend on the position); or PDN_SAN_MALFORMED, with
 * `out` unspecified.  `*err_at` (may be NULL) receives the offset of the
 * problem, 0 when there is none.
 */
PDN_API pdn_san_status pdn_san_parse(pdn_san *out, const char *text, size_t len,
                                     size_t *err_at);

/**
 * Writes `san` back as text into `buf` (PDN_SAN_MAX bytes), NUL-terminated,
 * and returns its length.  Canonical spellings: O-O, "=Q", 'x', no suffix;
 * what the text said is kept (disambiguation, separator, marks), so
 * formatting parsed canonical SAN gives the text back.
 */
PDN_API size_t pdn_san_format(const pdn_san *san, char *buf);

/**
 * Finds the legal move of `pos` that `san` names.  PDN_SAN_OK: `*out` is
 * the move (the null move for "--"), and `*notes` (may be NULL) receives
 * the PDN_SAN_* notes, 0 for canonical SAN.  Otherwise `*out` is left
 * alone and `*notes` is 0: PDN_SAN_BAD_PROMOTION (also a promotion on the
 * mover's first rank), PDN_SAN_ILLEGAL (a null move in check too),
 * PDN_SAN_AMBIGUOUS, PDN_SAN_BAD_POSITION.  Long-algebraic king moves of
 * two files (e1g1) or onto the own rook (e1h1) name castling.
 */
PDN_API pdn_san_status pdn_san_resolve(pdn_chess_move *out, unsigned *notes,
                                       const pdn_position *pos, const pdn_san *san);

/** pdn_san_parse() then pdn_san_resolve(); `err_at` as for the first. */
PDN_API pdn_san_status pdn_chess_parse_san(pdn_chess_move *out, unsigned *notes,
                                           const pdn_position *pos, const char *text,
                                           size_t len, size_t *err_at);

/**
 * Writes the canonical SAN of a legal move of `pos` into `out`
 * (PDN_SAN_MAX bytes, NUL-terminated): piece letter, the least
 * disambiguation that tells it apart (file, else rank, else both), 'x',
 * destination, "=Q", and '+' or '#'; O-O and O-O-O; "--" for a null move.
 * The move is known as in pdn_chess_play().  PDN_EINVAL (and an empty
 * string) for a refused position or a move that is not legal.
 */
PDN_API pdn_status pdn_chess_format_san(char *out, const pdn_position *pos,
                                        pdn_chess_move move);

/* (end of the chess rules section) */

/* ===================================================================== */
/* Replay: every move of a game resolved against the rules               */
/* ===================================================================== */

/*
 * Replay is a pass after reading: it walks a game's tree, sets up the
 * position of every line (the FEN tag, a /FEN "..."/ setup, the position a
 * variation branches from), and resolves each written move to exactly one
 * legal move of its GameType (draughts rules, or chess SAN).  What it finds
 * is returned as diagnostics of the replay, located in the game's text like
 * the reader's; the resolved moves and the positions after them can then be
 * asked for by node.  A game without a GameType tag is replayed with the
 * reader's default type, or the draughts variant its squares and moves fit
 * (PDN_D_GAMETYPE_INFERRED says which).
 *
 * After an illegal or unknown move the position of that line is unknown:
 * its later moves are not checked (PDN_D_REPLAY_STOPPED says so once, with
 * the number of moves left unchecked in `arg`), while variations that
 * branch before it are.
 */
typedef struct pdn_replay pdn_replay;

/** Options of pdn_replay_run().  Initialise with PDN_REPLAY_OPTIONS_INIT. */
typedef struct pdn_replay_options {
    unsigned version;       /* PDN_REPLAY_OPTIONS_VERSION */
    int gametype;           /* -1: the game's own (tag, reader default or
                               inferred); else replay as this type number */
    const pdn_rules *rules; /* NULL: the rules of the GameType */
    int positions;          /* 1: keep the position after every move, for
                               pdn_replay_position(); 0 saves the copying */
    int moves;              /* (version 2) 1: keep what became of every move,
                               for pdn_replay_move() and pdn_replay_position();
                               0: the diagnostics alone, which are the same,
                               and pdn_replay_move() and pdn_replay_position()
                               answer PDN_EINVAL for every node (positions is
                               taken as 0).  Version 1 callers get 1. */
} pdn_replay_options;
#define PDN_REPLAY_OPTIONS_VERSION 2
#define PDN_REPLAY_OPTIONS_INIT { PDN_REPLAY_OPTIONS_VERSION, -1, NULL, 1, 1 }

/** Creates a replayer; reuse it for many games.  `allocator` may be NULL. */
PDN_API pdn_status pdn_replay_new(pdn_replay **out, const pdn_allocator *allocator);
/** Frees a replayer.  NULL is allowed. */
PDN_API void pdn_replay_free(pdn_replay *r);

/**
 * Replays `game` (which must stay alive while the results are used).  Any
 * earlier results of `r` are dropped.  Returns PDN_OK whatever the moves
 * are (problems are diagnostics), PDN_ENOMEM, or PDN_EINVAL.  One replayer
 * must not be used from two threads at once.
 */
PDN_API pdn_status pdn_replay_run(pdn_replay *r, const pdn_game *game,
                                  const pdn_replay_options *opts);

/** The replay's diagnostics, in the order of the game's text; severities
 * follow the game's reading mode. */
PDN_API const pdn_diag *pdn_replay_diags(const pdn_replay *r, size_t *count);
/** The GameType number the game was replayed as (0 chess). */
PDN_API int pdn_replay_gametype(const pdn_replay *r);
/** The board of the replay (borrowed, lives until the next run). */
PDN_API const pdn_geometry *pdn_replay_geometry(const pdn_replay *r);
/** The draughts engine of the replay, NULL for chess (borrowed). */
PDN_API const pdn_draughts *pdn_replay_engine(const pdn_replay *r);

/** What became of a written move. */
typedef enum pdn_play_status {
    PDN_PLAY_NONE = 0,      /* not a move node of the replayed game */
    PDN_PLAY_OK = 1,        /* resolved to one legal move */
    PDN_PLAY_AMBIGUOUS = 2, /* several legal moves fit; the first was played */
    PDN_PLAY_ILLEGAL = 3,   /* no legal move fits (or the game was over) */
    PDN_PLAY_UNKNOWN = 4,   /* "- -", or a position that could not be set up */
    PDN_PLAY_SKIPPED = 5    /* after an illegal or unknown move: not checked */
} pdn_play_status;

/**
 * A move as replayed.  For draughts `draughts` is the legal move (its
 * pointers live as long as the replay results); for chess `chess`.
 * `ply` counts from 1 along the move's line (a variation's first move has
 * the ply of the move it replaces).
 */
typedef struct pdn_played {
    pdn_play_status status;
    char side;       /* 'W' or 'B': who made the move */
    unsigned ply;
    pdn_draughts_move draughts;
    pdn_chess_move chess;
} pdn_played;

/** Fills `out` for a move node of the replayed game; PDN_EINVAL otherwise. */
PDN_API pdn_status pdn_replay_move(pdn_played *out, const pdn_replay *r, const pdn_node *node);

/**
 * The position after a move node (`after` 1) or before it (`after` 0), or
 * the start position of the game for the root.  PDN_EINVAL when it is not
 * known (an illegal or skipped move, positions turned off in the options).
 */
PDN_API pdn_status pdn_replay_position(pdn_position *out, const pdn_replay *r,
                                       const pdn_node *node, int after);

#ifdef __cplusplus
}
#endif

#endif /* PDN_H */
