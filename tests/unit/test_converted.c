/* SPDX-License-Identifier: MIT */
/*
 * test_converted.c - games read from Windows-1252 input, which the reader
 * converts ahead of the games, against the same games given as UTF-8 and
 * read without conversion: the same texts, line and column at every offset,
 * and input offsets that count raw bytes (one for each character), on
 * generated games with runs of letters from one to thousands of bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pdn.h"

#include "support/append.h"

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static unsigned long long seed = 0x9E3779B97F4A7C15ull;

static unsigned rnd(unsigned n)
{
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(seed >> 33) % n;
}

/* Windows-1252 letters with their UTF-8, two bytes and three; none is one
 * the parser treats apart ("½", "…") or the lead of a sequence it does. */
static const struct {
    unsigned char raw;
    const char *utf8;
} letters[] = {{0xE9, "\xC3\xA9"},     {0xE8, "\xC3\xA8"},    {0xFC, "\xC3\xBC"},
               {0xD6, "\xC3\x96"},     {0xBF, "\xC2\xBF"},    {0x80, "\xE2\x82\xAC"},
               {0x93, "\xE2\x80\x9C"}, {0x99, "\xE2\x84\xA2"}};

/* Appends the same piece to both inputs. */
static int put(text *raw, text *utf, const char *s)
{
    size_t n = strlen(s);
    return test_append(&raw->data, &raw->len, &raw->cap, s, n) &&
           test_append(&utf->data, &utf->len, &utf->cap, s, n);
}

/* A run of `n` characters, letters where `dense` says how often. */
static int words(text *raw, text *utf, size_t n, unsigned dense, int breaks)
{
    static const char *const eol[] = {"\n", "\r\n", "\n", "\r\n", "\r"};
    for (size_t i = 0; i < n; i++) {
        unsigned k = rnd(100);
        if (k < dense) {
            unsigned j = rnd(sizeof letters / sizeof letters[0]);
            char c = (char)letters[j].raw;
            if (!test_append(&raw->data, &raw->len, &raw->cap, &c, 1) ||
                !test_append(&utf->data, &utf->len, &utf->cap, letters[j].utf8,
                             strlen(letters[j].utf8)))
                return 0;
        } else if (breaks && k < dense + 3) {
            if (!put(raw, utf, eol[rnd(5)]))
                return 0;
        } else {
            char s[2] = {(char)(k % 7 == 0 ? ' ' : 'a' + (char)rnd(26)), 0};
            if (!put(raw, utf, s))
                return 0;
        }
    }
    return 1;
}

/* One game with letters in a tag and a comment; the comment is now and then
 * thousands of bytes long, past the counting's flush of its byte lanes. */
static int game(text *raw, text *utf)
{
    const char *nl = rnd(3) ? "\n" : "\r\n";
    size_t clen = rnd(8) == 0 ? 3000 + rnd(9000) : rnd(200);
    unsigned dense = rnd(4) == 0 ? 95 : rnd(30);
    return put(raw, utf, "[Event \"") && words(raw, utf, rnd(20), 40, 0) && put(raw, utf, "\"]") &&
           put(raw, utf, nl) && put(raw, utf, "[Result \"1-0\"]") && put(raw, utf, nl) &&
           put(raw, utf, nl) && put(raw, utf, "1. 32-28 19-23 {") &&
           words(raw, utf, clen, dense, 1) && put(raw, utf, "} 2. 37-32 ") &&
           (rnd(2) ? words(raw, utf, rnd(30), 0, 0) : 1) && put(raw, utf, "1-0") &&
           put(raw, utf, nl) && put(raw, utf, rnd(2) ? nl : "");
}

/* Characters in s[0..n) of valid UTF-8. */
static uint64_t chars(const char *s, size_t n)
{
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

typedef struct feed {
    const char *data;
    size_t len, pos;
} feed;

static size_t feed_read(void *ctx, char *buf, size_t cap)
{
    feed *f = ctx;
    size_t n = f->len - f->pos;
    size_t want = 1 + rnd(70000);
    if (n > want)
        n = want;
    if (n > cap)
        n = cap;
    memcpy(buf, f->data + f->pos, n);
    f->pos += n;
    return n;
}

/* Reads both inputs game by game and compares them. */
static void compare(const text *raw, const text *utf, pdn_encoding enc, int callback)
{
    pdn_read_options o = PDN_READ_OPTIONS_INIT;
    o.encoding = enc;
    pdn_reader *a, *b;
    feed f = {raw->data, raw->len, 0};
    if (!CHECK((callback ? pdn_reader_new_callback(&a, feed_read, &f, &o)
                         : pdn_reader_new_buffer(&a, raw->data, raw->len, &o)) == PDN_OK))
        return;
    if (!CHECK(pdn_reader_new_buffer(&b, utf->data, utf->len, NULL) == PDN_OK)) {
        pdn_reader_free(a);
        return;
    }
    int bad = 0;
    for (;;) {
        const pdn_game *ga, *gb;
        pdn_status sa = pdn_reader_next(a, &ga), sb = pdn_reader_next(b, &gb);
        if (!CHECK(sa == sb) || sa != PDN_OK)
            break;
        pdn_str ta = pdn_game_text(ga), tb = pdn_game_text(gb);
        if (!CHECK(ta.len == tb.len && memcmp(ta.ptr, tb.ptr, ta.len) == 0))
            break;
        uint64_t off = pdn_game_input_offset(gb);
        CHECK_EQ_INT(pdn_game_input_offset(ga), chars(utf->data, (size_t)off));
        size_t step = ta.len > 2000 ? 13 : 1;
        for (size_t k = 0; k <= ta.len && bad < 5; k += step) {
            uint64_t la, lb;
            uint32_t ca, cb;
            pdn_game_locate(ga, (uint32_t)k, &la, &ca);
            pdn_game_locate(gb, (uint32_t)k, &lb, &cb);
            if (la != lb || ca != cb) {
                bad++;
                CHECK_EQ_INT(la, lb);
                CHECK_EQ_INT(ca, cb);
            }
        }
    }
    CHECK_EQ_INT(pdn_reader_offset(a), raw->len);
    pdn_reader_free(a);
    pdn_reader_free(b);
}

static void test_converted__random(void)
{
    for (int round = 0; round < 24; round++) {
        text raw = {0}, utf = {0};
        int ok = 1;
        for (int k = 0; ok && k < 40 + round * 10; k++)
            ok = game(&raw, &utf);
        if (CHECK(ok)) {
            compare(&raw, &utf, PDN_ENC_LATIN1, round % 3 == 1);
            /* Found out from the first game that is not UTF-8. */
            compare(&raw, &utf, PDN_ENC_AUTO, round % 3 == 2);
        }
        free(raw.data);
        free(utf.data);
    }
}

int main(void)
{
    RUN(test_converted__random);
    return harness_report();
}
