/* SPDX-License-Identifier: MIT */
/*
 * encoding.c - UTF-8 validation and decoding of the single-byte encodings met
 * in old PDN files.  The reader works on UTF-8 only; a game in another
 * encoding is converted here first.
 *
 * The tables map bytes 0x80-0xFF to Unicode code points as the Unicode
 * consortium's mapping files for Windows-1252, Windows-1251 and IBM 866 do.
 * The five bytes Windows-1252 leaves undefined map to the C1 controls of the
 * same value, as ISO-8859-1 and web browsers read them.
 */
#include "base/base.h"
#include "base/bits.h"

static const uint16_t cp1252_high[128] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, 0x00A0, 0x00A1, 0x00A2, 0x00A3,
    0x00A4, 0x00A5, 0x00A6, 0x00A7, 0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF,
    0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7, 0x00B8, 0x00B9, 0x00BA, 0x00BB,
    0x00BC, 0x00BD, 0x00BE, 0x00BF, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3,
    0x00D4, 0x00D5, 0x00D6, 0x00D7, 0x00D8, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00DF,
    0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E6, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00ED, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7,
    0x00F8, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF,
};
static const uint16_t cp1251_high[128] = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039,
    0x040A, 0x040C, 0x040B, 0x040F, 0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x0098, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F, 0x00A0, 0x040E, 0x045E, 0x0408,
    0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
    0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB,
    0x0458, 0x0405, 0x0455, 0x0457, 0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417,
    0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E, 0x041F, 0x0420, 0x0421, 0x0422, 0x0423,
    0x0424, 0x0425, 0x0426, 0x0427, 0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F,
    0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437, 0x0438, 0x0439, 0x043A, 0x043B,
    0x043C, 0x043D, 0x043E, 0x043F, 0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447,
    0x0448, 0x0449, 0x044A, 0x044B, 0x044C, 0x044D, 0x044E, 0x044F,
};
static const uint16_t cp866_high[128] = {
    0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417, 0x0418, 0x0419, 0x041A, 0x041B,
    0x041C, 0x041D, 0x041E, 0x041F, 0x0420, 0x0421, 0x0422, 0x0423, 0x0424, 0x0425, 0x0426, 0x0427,
    0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F, 0x0430, 0x0431, 0x0432, 0x0433,
    0x0434, 0x0435, 0x0436, 0x0437, 0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E, 0x043F,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556, 0x2555, 0x2563, 0x2551, 0x2557,
    0x255D, 0x255C, 0x255B, 0x2510, 0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567, 0x2568, 0x2564, 0x2565, 0x2559,
    0x2558, 0x2552, 0x2553, 0x256B, 0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
    0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447, 0x0448, 0x0449, 0x044A, 0x044B,
    0x044C, 0x044D, 0x044E, 0x044F, 0x0401, 0x0451, 0x0404, 0x0454, 0x0407, 0x0457, 0x040E, 0x045E,
    0x00B0, 0x2219, 0x00B7, 0x221A, 0x2116, 0x00A4, 0x25A0, 0x00A0,
};

size_t pdn_utf8__valid_prefix(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        /* Runs of ASCII 16 bytes at a time. */
        i += pdn_bits__ascii(s + i, n - i);
        if (i >= n)
            break;
        unsigned c = s[i];
        /* Two-byte characters, the most of the text that is not ASCII
         * (Latin letters with accents, Cyrillic), in one step: a lead byte
         * from 0xC2 on makes a code point from 0x80 on and below 0x800.
         * They mostly come in words. */
        if (c - 0xC2 <= 0xDF - 0xC2 && n - i >= 2 && (s[i + 1] & 0xC0) == 0x80) {
            do
                i += 2;
            while (n - i >= 2 && s[i] - 0xC2u <= 0xDF - 0xC2 && (s[i + 1] & 0xC0) == 0x80);
            continue;
        }
        size_t len;
        unsigned min;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            min = 0x10000;
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        uint32_t cp = c & (0x7Fu >> len);
        for (size_t k = 1; k < len; k++) {
            unsigned cc = s[i + k];
            if ((cc & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (cc & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return n;
}

static char *put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        *o++ = (char)cp;
    } else if (cp < 0x800) {
        *o++ = (char)(0xC0 | (cp >> 6));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (char)(0xE0 | (cp >> 12));
        *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    }
    return o;
}

size_t pdn_text__decoded_len(const char *s, size_t n, pdn_encoding enc)
{
    const unsigned char *u = (const unsigned char *)s;
    if (enc == PDN_ENC_UTF8 || enc == PDN_ENC_AUTO)
        return n; /* only used on a valid prefix, which decoding keeps */
    const uint16_t *tab = enc == PDN_ENC_CP1251  ? cp1251_high
                          : enc == PDN_ENC_CP866 ? cp866_high
                                                 : cp1252_high;
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += u[i] < 0x80 ? 1 : tab[u[i] - 0x80] < 0x800 ? 2 : 3;
    return len;
}

size_t pdn_text__raw_len(const char *s, size_t n, size_t decoded, pdn_encoding enc)
{
    const unsigned char *u = (const unsigned char *)s;
    if (enc == PDN_ENC_UTF8 || enc == PDN_ENC_AUTO)
        return decoded < n ? decoded : n;
    const uint16_t *tab = enc == PDN_ENC_CP1251  ? cp1251_high
                          : enc == PDN_ENC_CP866 ? cp866_high
                                                 : cp1252_high;
    size_t i = 0, len = 0;
    /* Whole 64-byte blocks while three bytes for each would still fit:
     * a block decodes to 64 bytes and one or two more for each byte that
     * is not ASCII, counted from its bit alone. */
    while (n - i >= 64 && decoded - len >= 3 * 64) {
        uint64_t h = pdn_bits__high(u + i);
        len += 64;
        for (; h; h &= h - 1)
            len += tab[u[i + pdn_bits__ctz(h)] - 0x80] < 0x800 ? 1 : 2;
        i += 64;
    }
    while (i < n) {
        /* A run of ASCII is as long in both. */
        size_t k = pdn_bits__ascii(u + i, n - i < decoded - len ? n - i : decoded - len);
        i += k;
        len += k;
        if (i >= n || len >= decoded)
            break;
        size_t step = u[i] < 0x80 ? 1 : tab[u[i] - 0x80] < 0x800 ? 2 : 3;
        if (len + step > decoded)
            break;
        len += step;
        i++;
    }
    return i;
}

#if PDN_BITS_SSE2
/* Copies the bytes p[from..to) to out with 16-byte moves, which may write
 * up to 15 bytes past out + (to - from) and read as far past p + to: the
 * caller's text has them, and what is written there is written again. */
static void move16(unsigned char *out, const unsigned char *p, size_t from, size_t to)
{
    for (size_t t = from; t < to; t += 16)
        _mm_storeu_si128((__m128i *)(void *)(out + (t - from)),
                         _mm_loadu_si128((const __m128i *)(const void *)(p + t)));
}

/* Decodes the 64-byte block at u (more text follows it: 16 bytes may be
 * read past it) to o, whose bytes are ASCII but where `high` says, and
 * returns the end of what it wrote.  The ASCII between the other bytes
 * moves in 16-byte pieces rather than a call and a search each, and the
 * other bytes, which mostly come in runs (words of Latin-1 or Cyrillic
 * letters, UTF-8 read as one of these), are converted a run at a time. */
static char *decode_block(char *o, const unsigned char *u, uint64_t high, const uint16_t *tab)
{
    unsigned char *w = (unsigned char *)o;
    size_t pos = 0;
    while (high) {
        size_t j = pdn_bits__ctz(high);
        move16(w, u, pos, j);
        w += j - pos;
        /* Where the run ends: the first byte after j that is ASCII, 64
         * when the run fills the block (then no bit is clear). */
        uint64_t ascii = ~(high >> j);
        size_t end = ascii ? j + pdn_bits__ctz(ascii) : 64;
        for (; j < end; j++) {
            /* Two-byte characters (all of Latin-1's) are written here,
             * the rest by the call. */
            unsigned cp = tab[u[j] - 0x80];
            if (cp - 0x80 < 0x800 - 0x80) {
                w[0] = (unsigned char)(0xC0 | cp >> 6);
                w[1] = (unsigned char)(0x80 | (cp & 0x3F));
                w += 2;
            } else {
                w = (unsigned char *)put_utf8((char *)w, cp);
            }
        }
        pos = end;
        high = end < 64 ? high & (~UINT64_C(0) << end) : 0;
    }
    move16(w, u, pos, 64);
    return (char *)w + (64 - pos);
}
#endif

bool pdn_text__decode(pdn_vec *out, const pdn_alloc *a, const char *s, size_t n, pdn_encoding enc)
{
    /* 16 bytes more for pdn_bits__copy_ascii(). */
    if (n > SIZE_MAX / 3 - 16 || !pdn_vec__reserve(out, a, 1, 3 * n + 16))
        return false;
    char *o = (char *)out->data + out->len;
    const unsigned char *u = (const unsigned char *)s;
    if (enc == PDN_ENC_UTF8 || enc == PDN_ENC_AUTO) {
        /* Keep every valid sequence; each invalid byte becomes U+FFFD. */
        size_t i = 0;
        while (i < n) {
            size_t ok = pdn_utf8__valid_prefix(u + i, n - i);
            memcpy(o, s + i, ok);
            o += ok;
            i += ok;
            if (i < n) {
                o = put_utf8(o, 0xFFFD);
                i++;
            }
        }
    } else {
        const uint16_t *tab = enc == PDN_ENC_CP1251  ? cp1251_high
                              : enc == PDN_ENC_CP866 ? cp866_high
                                                     : cp1252_high;
        size_t i = 0;
#if PDN_BITS_SSE2
        /* Most of the text is runs of ASCII: 64-byte blocks are copied as
         * they are, and decoded a byte at a time only where a byte is not
         * ASCII.  16 bytes past a block are read, so the last 80 bytes go
         * the way below; the output has room (3 bytes each). */
        for (; n - i >= 80; i += 64) {
            /* Two blocks at a time while both are ASCII, as they mostly
             * are: half the loop's steps and tests. */
            if (n - i >= 144) {
                /* Two moving pointers and the end: the loop's steps, where
                 * an index and the output kept apart take four. */
                const unsigned char *src = u + i, *const end = u + n;
                unsigned char *dst = (unsigned char *)o;
                while (end - src >= 144) {
                    __m128i w0 = pdn_bits__part(src, 0), w1 = pdn_bits__part(src, 1),
                            w2 = pdn_bits__part(src, 2), w3 = pdn_bits__part(src, 3),
                            w4 = pdn_bits__part(src + 64, 0), w5 = pdn_bits__part(src + 64, 1),
                            w6 = pdn_bits__part(src + 64, 2), w7 = pdn_bits__part(src + 64, 3);
                    __m128i any =
                        _mm_or_si128(_mm_or_si128(_mm_or_si128(w0, w1), _mm_or_si128(w2, w3)),
                                     _mm_or_si128(_mm_or_si128(w4, w5), _mm_or_si128(w6, w7)));
                    if (_mm_movemask_epi8(any))
                        break;
                    _mm_storeu_si128((__m128i *)(void *)dst, w0);
                    _mm_storeu_si128((__m128i *)(void *)(dst + 16), w1);
                    _mm_storeu_si128((__m128i *)(void *)(dst + 32), w2);
                    _mm_storeu_si128((__m128i *)(void *)(dst + 48), w3);
                    _mm_storeu_si128((__m128i *)(void *)(dst + 64), w4);
                    _mm_storeu_si128((__m128i *)(void *)(dst + 80), w5);
                    _mm_storeu_si128((__m128i *)(void *)(dst + 96), w6);
                    _mm_storeu_si128((__m128i *)(void *)(dst + 112), w7);
                    src += 128;
                    dst += 128;
                }
                o = (char *)dst;
                i = (size_t)(src - u);
            }
            if (n - i < 80)
                break;
            __m128i w0 = pdn_bits__part(u + i, 0), w1 = pdn_bits__part(u + i, 1),
                    w2 = pdn_bits__part(u + i, 2), w3 = pdn_bits__part(u + i, 3);
            if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(w0, w1), _mm_or_si128(w2, w3)))) {
                o = decode_block(o, u + i, pdn_bits__high(u + i), tab);
                continue;
            }
            _mm_storeu_si128((__m128i *)(void *)o, w0);
            _mm_storeu_si128((__m128i *)(void *)(o + 16), w1);
            _mm_storeu_si128((__m128i *)(void *)(o + 32), w2);
            _mm_storeu_si128((__m128i *)(void *)(o + 48), w3);
            o += 64;
        }
#endif
        while (i < n) {
            size_t k = pdn_bits__copy_ascii((unsigned char *)o, u + i, n - i);
            o += k;
            i += k;
            if (i < n)
                o = put_utf8(o, tab[u[i++] - 0x80]);
        }
    }
    out->len = (size_t)(o - (char *)out->data);
    return true;
}
