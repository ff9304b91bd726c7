/* SPDX-License-Identifier: MIT */
/*
 * bits.h - byte tests many bytes at a time for the scanners (line index,
 * move loop, tags, encodings): a 64-byte block turned into one bit per byte,
 * the first byte of a kind, the position of the lowest set bit.  SSE2 where
 * the compiler targets it, portable C11 otherwise.
 */
#ifndef PDN_BITS_H
#define PDN_BITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* SSE2 (every x86-64) does the 64-byte block tests below in a few
 * instructions; elsewhere, or with PDN_NO_SIMD defined (a build that checks
 * the portable code), they are done eight bytes at a time. */
#if !defined(PDN_NO_SIMD) &&                                                                       \
    (defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2))
#define PDN_BITS_SSE2 1
#include <emmintrin.h>
#else
#define PDN_BITS_SSE2 0
#endif

/* Eight bytes as a little-endian word, so that bit 8i belongs to p[i] on any
 * machine (compilers make this one load on little-endian ones). */
static inline uint64_t pdn_bits__load(const unsigned char *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

/* The byte value b repeated in every byte of a word. */
#define PDN_BITS_REP(b) (UINT64_C(0x0101010101010101) * (uint8_t)(b))

/* 0x80 in each byte of w equal to the corresponding byte of rep, exactly
 * (the shorter "has zero byte" test gives false positives above a match). */
static inline uint64_t pdn_bits__eq(uint64_t w, uint64_t rep)
{
    const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    uint64_t v = w ^ rep;
    return ~(((v & low7) + low7) | v | low7);
}

/* One bit per byte from a word with 0x80 or 0 in each byte: the eight high
 * bits gathered into the low byte by one multiplication (no carries: every
 * product bit lands in its own place). */
static inline unsigned pdn_bits__gather(uint64_t m)
{
    return (unsigned)(((m >> 7) * UINT64_C(0x0102040810204080)) >> 56);
}

/* Index of the lowest set bit of a nonzero word.  GCC and Clang have an
 * instruction for it; elsewhere a de Bruijn sequence finds it. */
static inline unsigned pdn_bits__ctz(uint64_t m)
{
#if defined(__GNUC__) && !defined(PDN_NO_SIMD)
    return (unsigned)__builtin_ctzll(m);
#else
    static const unsigned char pos[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
        22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
        23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};
    return pos[((m & (0 - m)) * UINT64_C(0x022FDD63CC95386D)) >> 58];
#endif
}

#if PDN_BITS_SSE2
/* One 16-byte part of a 64-byte block, and its 16-bit mask of bytes equal
 * to v (the four parts are written out, so that every shift is by a
 * constant). */
static inline __m128i pdn_bits__part(const unsigned char *p, unsigned k)
{
    return _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
}
static inline uint64_t pdn_bits__eq16(__m128i w, __m128i v)
{
    return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w, v));
}
#endif

/* The set bits of m. */
static inline unsigned pdn_bits__popcount(uint64_t m)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return (unsigned)__builtin_popcountll(m);
#else
    /* without the instruction, libgcc's table lookup is slower than this */
    m = m - ((m >> 1) & 0x5555555555555555u);
    m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (unsigned)((m * 0x0101010101010101u) >> 56);
#endif
}

/* Bit i of *ma (*mb) set where p[i] is a (b), for i < 64; returns a word
 * that is nonzero when some p[i] is >= 0x80. */
static inline uint64_t pdn_bits__block2(const unsigned char *p, unsigned char a, unsigned char b,
                                        uint64_t *ma, uint64_t *mb)
{
#if PDN_BITS_SSE2
    const __m128i va = _mm_set1_epi8((char)a), vb = _mm_set1_epi8((char)b);
    __m128i w0 = pdn_bits__part(p, 0), w1 = pdn_bits__part(p, 1), w2 = pdn_bits__part(p, 2),
            w3 = pdn_bits__part(p, 3);
    *ma = pdn_bits__eq16(w0, va) | pdn_bits__eq16(w1, va) << 16 | pdn_bits__eq16(w2, va) << 32 |
          pdn_bits__eq16(w3, va) << 48;
    *mb = pdn_bits__eq16(w0, vb) | pdn_bits__eq16(w1, vb) << 16 | pdn_bits__eq16(w2, vb) << 32 |
          pdn_bits__eq16(w3, vb) << 48;
    return (uint64_t)(unsigned)_mm_movemask_epi8(
        _mm_or_si128(_mm_or_si128(w0, w1), _mm_or_si128(w2, w3)));
#else
    uint64_t x = 0, y = 0, h = 0;
    for (unsigned k = 0; k < 8; k++) {
        uint64_t w = pdn_bits__load(p + 8 * k);
        x |= (uint64_t)pdn_bits__gather(pdn_bits__eq(w, PDN_BITS_REP(a))) << (8 * k);
        y |= (uint64_t)pdn_bits__gather(pdn_bits__eq(w, PDN_BITS_REP(b))) << (8 * k);
        h |= w;
    }
    *ma = x;
    *mb = y;
    return h & UINT64_C(0x8080808080808080);
#endif
}

/* Bit i of the result set where p[i] is ' ', '\t', '\n' or '\r', for
 * i < 64; *lf and *cr get the LF and CR bits alone. */
static inline uint64_t pdn_bits__spaces(const unsigned char *p, uint64_t *lf, uint64_t *cr)
{
#if PDN_BITS_SSE2
    const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'), nl = _mm_set1_epi8('\n'),
                  ret = _mm_set1_epi8('\r');
    __m128i w0 = pdn_bits__part(p, 0), w1 = pdn_bits__part(p, 1), w2 = pdn_bits__part(p, 2),
            w3 = pdn_bits__part(p, 3);
    uint64_t l = pdn_bits__eq16(w0, nl) | pdn_bits__eq16(w1, nl) << 16 |
                 pdn_bits__eq16(w2, nl) << 32 | pdn_bits__eq16(w3, nl) << 48;
    uint64_t c = pdn_bits__eq16(w0, ret) | pdn_bits__eq16(w1, ret) << 16 |
                 pdn_bits__eq16(w2, ret) << 32 | pdn_bits__eq16(w3, ret) << 48;
    uint64_t s = pdn_bits__eq16(w0, sp) | pdn_bits__eq16(w1, sp) << 16 |
                 pdn_bits__eq16(w2, sp) << 32 | pdn_bits__eq16(w3, sp) << 48;
    uint64_t t = pdn_bits__eq16(w0, tab) | pdn_bits__eq16(w1, tab) << 16 |
                 pdn_bits__eq16(w2, tab) << 32 | pdn_bits__eq16(w3, tab) << 48;
    *lf = l;
    *cr = c;
    return s | t | l | c;
#else
    uint64_t s = 0, l = 0, c = 0;
    for (unsigned k = 0; k < 8; k++) {
        uint64_t w = pdn_bits__load(p + 8 * k);
        uint64_t a = pdn_bits__eq(w, PDN_BITS_REP('\n')), b = pdn_bits__eq(w, PDN_BITS_REP('\r'));
        uint64_t all =
            a | b | pdn_bits__eq(w, PDN_BITS_REP(' ')) | pdn_bits__eq(w, PDN_BITS_REP('\t'));
        s |= (uint64_t)pdn_bits__gather(all) << (8 * k);
        l |= (uint64_t)pdn_bits__gather(a) << (8 * k);
        c |= (uint64_t)pdn_bits__gather(b) << (8 * k);
    }
    *lf = l;
    *cr = c;
    return s;
#endif
}

/* What the draughts move loop needs to know of a 64-byte block, one bit
 * per byte: white space (' ', '\t', '\n', '\r'), CR alone, digits and the
 * digit '0'.  Classifying the block once lets the loop tell the shape of
 * each token from its bits instead of its bytes. */
typedef struct pdn_bits_movetext {
    uint64_t space, cr, digit, zero;
} pdn_bits_movetext;

#if PDN_BITS_SSE2
/* One 16-byte part of pdn_bits__movetext(), its masks shifted to `at`. */
static inline void pdn_bits__movetext16(const unsigned char *p, unsigned at, pdn_bits_movetext *m)
{
    const __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(p + at));
    const __m128i cr = _mm_cmpeq_epi8(w, _mm_set1_epi8('\r'));
    const __m128i sp = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8(' ')), cr),
                                    _mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8('\n')),
                                                 _mm_cmpeq_epi8(w, _mm_set1_epi8('\t'))));
    const __m128i v = _mm_sub_epi8(w, _mm_set1_epi8('0'));
    const __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(9)), v);
    const __m128i zero = _mm_cmpeq_epi8(w, _mm_set1_epi8('0'));
    m->space |= (uint64_t)(unsigned)_mm_movemask_epi8(sp) << at;
    m->cr |= (uint64_t)(unsigned)_mm_movemask_epi8(cr) << at;
    m->digit |= (uint64_t)(unsigned)_mm_movemask_epi8(digit) << at;
    m->zero |= (uint64_t)(unsigned)_mm_movemask_epi8(zero) << at;
}
#endif

static inline void pdn_bits__movetext(const unsigned char *p, pdn_bits_movetext *m)
{
    m->space = m->cr = m->digit = m->zero = 0;
#if PDN_BITS_SSE2
    pdn_bits__movetext16(p, 0, m);
    pdn_bits__movetext16(p, 16, m);
    pdn_bits__movetext16(p, 32, m);
    pdn_bits__movetext16(p, 48, m);
#else
    for (unsigned k = 0; k < 8; k++) {
        uint64_t w = pdn_bits__load(p + 8 * k);
        uint64_t b = pdn_bits__eq(w, PDN_BITS_REP('\r'));
        uint64_t all = b | pdn_bits__eq(w, PDN_BITS_REP('\n')) |
                       pdn_bits__eq(w, PDN_BITS_REP(' ')) | pdn_bits__eq(w, PDN_BITS_REP('\t'));
        /* A digit is 0x30-0x39: high nibble 3, low nibble below 10. */
        uint64_t hi3 = pdn_bits__eq(w & PDN_BITS_REP(0xF0), PDN_BITS_REP(0x30));
        uint64_t low = (w & PDN_BITS_REP(0x0F)) + PDN_BITS_REP(0x76); /* 0x80 set when >= 10 */
        unsigned at = 8 * k;
        m->space |= (uint64_t)pdn_bits__gather(all) << at;
        m->cr |= (uint64_t)pdn_bits__gather(b) << at;
        m->digit |= (uint64_t)pdn_bits__gather(hi3 & ~low & PDN_BITS_REP(0x80)) << at;
        m->zero |= (uint64_t)pdn_bits__gather(pdn_bits__eq(w, PDN_BITS_REP('0'))) << at;
    }
#endif
}

#if PDN_BITS_SSE2
/* The high bits of two 16-byte parts, a in the low half. */
static inline uint64_t pdn_bits__mask32(__m128i a, __m128i b)
{
    const uint64_t lo = (unsigned)_mm_movemask_epi8(a), hi = (unsigned)_mm_movemask_epi8(b);
    return lo | hi << 16;
}
#endif

#if PDN_BITS_SSE2
/* pdn_bits__tokens() for p[0..32), p[32] read for a CR.  A byte is no
 * digit when, less '0', it is at least 10, which a saturating add of 0x76
 * turns into its high bit; it is a tab or LF when its average with 10
 * (rounded up) is 10, one test for both.  Called once a half: with the
 * whole window written out the compiler runs out of vector registers. */
static inline void pdn_bits__tokens32(const unsigned char *p, uint64_t *space, uint64_t *other,
                                      uint64_t *zero)
{
    const __m128i vsp = _mm_set1_epi8(' '), v10 = _mm_set1_epi8('\n'), vcr = _mm_set1_epi8('\r'),
                  v0 = _mm_set1_epi8('0'), v76 = _mm_set1_epi8(0x76);
    const __m128i w = pdn_bits__part(p, 0), w2 = pdn_bits__part(p, 1);
    const __m128i after = _mm_loadu_si128((const __m128i *)(const void *)(p + 1));
    const __m128i after2 = _mm_loadu_si128((const __m128i *)(const void *)(p + 17));
    const __m128i crlf = _mm_and_si128(_mm_cmpeq_epi8(w, vcr), _mm_cmpeq_epi8(after, v10));
    const __m128i crlf2 = _mm_and_si128(_mm_cmpeq_epi8(w2, vcr), _mm_cmpeq_epi8(after2, v10));
    const __m128i sp = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, vsp), crlf),
                                    _mm_cmpeq_epi8(_mm_avg_epu8(w, v10), v10));
    const __m128i sp2 = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w2, vsp), crlf2),
                                     _mm_cmpeq_epi8(_mm_avg_epu8(w2, v10), v10));
    const __m128i nd = _mm_adds_epu8(_mm_sub_epi8(w, v0), v76);
    const __m128i nd2 = _mm_adds_epu8(_mm_sub_epi8(w2, v0), v76);
    *space = pdn_bits__mask32(sp, sp2);
    *other = pdn_bits__mask32(nd, nd2);
    *zero = pdn_bits__mask32(_mm_cmpeq_epi8(w, v0), _mm_cmpeq_epi8(w2, v0));
}
#endif

/* What the move loop needs of its window, in fewer steps than
 * pdn_bits__movetext(): *space gets the white space that the loop skips
 * (' ', '\t', '\n', and a CR followed by LF: p[64] is read for the last
 * one), *other the bytes that are no digit and *zero the digit '0'.  A CR
 * alone is no white space here, so that it is part of a token the loop
 * leaves to the general parser. */
static inline void pdn_bits__tokens(const unsigned char *p, uint64_t *space, uint64_t *other,
                                    uint64_t *zero)
{
#if PDN_BITS_SSE2
    uint64_t s0, d0, z0, s1, d1, z1;
    pdn_bits__tokens32(p, &s0, &d0, &z0);
    pdn_bits__tokens32(p + 32, &s1, &d1, &z1);
    *space = s0 | s1 << 32;
    *other = d0 | d1 << 32;
    *zero = z0 | z1 << 32;
#else
    pdn_bits_movetext m;
    pdn_bits__movetext(p, &m);
    uint64_t lf = 0;
    for (unsigned k = 0; k < 8; k++)
        lf |=
            (uint64_t)pdn_bits__gather(pdn_bits__eq(pdn_bits__load(p + 8 * k), PDN_BITS_REP('\n')))
            << (8 * k);
    /* The CRs with no LF after them. */
    const uint64_t lone = m.cr & ~(lf >> 1 | (uint64_t)(p[64] == '\n') << 63);
    *space = m.space & ~lone;
    *other = ~m.digit;
    *zero = m.zero;
#endif
}

/* How many of p[0..n) are UTF-8 continuation bytes (10xxxxxx): the
 * characters of valid UTF-8 are the others.  They are the bytes below -64
 * as signed bytes; each test's -1 is counted in byte lanes, 64 bytes a
 * step, and the lanes are summed by psadbw before one could pass 255. */
static inline size_t pdn_bits__continuations(const unsigned char *p, size_t n)
{
    size_t i = 0, c = 0;
#if PDN_BITS_SSE2
    const __m128i below = _mm_set1_epi8(-64), zero = _mm_setzero_si128();
    while (n - i >= 16) {
        __m128i lanes = zero;
        size_t stop = n - i > 63 * 64 ? i + 63 * 64 : n;
        for (; stop - i >= 64; i += 64) {
            __m128i a = _mm_add_epi8(_mm_cmplt_epi8(pdn_bits__part(p + i, 0), below),
                                     _mm_cmplt_epi8(pdn_bits__part(p + i, 1), below));
            __m128i b = _mm_add_epi8(_mm_cmplt_epi8(pdn_bits__part(p + i, 2), below),
                                     _mm_cmplt_epi8(pdn_bits__part(p + i, 3), below));
            lanes = _mm_sub_epi8(lanes, _mm_add_epi8(a, b));
        }
        if (stop == n)
            for (; n - i >= 16; i += 16)
                lanes = _mm_sub_epi8(lanes, _mm_cmplt_epi8(pdn_bits__part(p + i, 0), below));
        __m128i sum = _mm_sad_epu8(lanes, zero);
        c += (size_t)(unsigned)_mm_cvtsi128_si32(sum) +
             (size_t)(unsigned)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
    }
#endif
    for (; i < n; i++)
        c += (p[i] & 0xC0) == 0x80;
    return c;
}

/* b[0..n) = p[0..n) and b[n..80) = 0, for n <= 64: a short text made
 * safe to read in 64-byte blocks, without the calls of memcpy and memset. */
static inline void pdn_bits__copy64(unsigned char b[80], const unsigned char *p, size_t n)
{
#if PDN_BITS_SSE2
    const __m128i z = _mm_setzero_si128();
    for (unsigned k = 0; k < 5; k++)
        _mm_storeu_si128((__m128i *)(void *)(b + 16 * k), z);
    if (n < 16) {
        for (size_t i = 0; i < n; i++)
            b[i] = p[i];
        return;
    }
    /* Written out: compilers turn a loop of these into a call of memcpy. */
    if (n > 16)
        _mm_storeu_si128((__m128i *)(void *)b, pdn_bits__part(p, 0));
    if (n > 32)
        _mm_storeu_si128((__m128i *)(void *)(b + 16), pdn_bits__part(p, 1));
    if (n > 48)
        _mm_storeu_si128((__m128i *)(void *)(b + 32), pdn_bits__part(p, 2));
    /* The last 16 bytes end at n, over what is already there. */
    _mm_storeu_si128((__m128i *)(void *)(b + n - 16), pdn_bits__part(p + n - 16, 0));
#else
    memcpy(b, p, n);
    memset(b + n, 0, 80 - n);
#endif
}

/* The bytes of a numeric draughts FEN's piece lists in a 64-byte block,
 * one bit per byte: digits, ',', 'K' and '-'. */
typedef struct pdn_bits_fen {
    uint64_t digit, comma, king, dash;
} pdn_bits_fen;

static inline void pdn_bits__fen(const unsigned char *p, pdn_bits_fen *m)
{
#if PDN_BITS_SSE2
    const __m128i v0 = _mm_set1_epi8('0'), v9 = _mm_set1_epi8(9), vc = _mm_set1_epi8(','),
                  vk = _mm_set1_epi8('K'), vd = _mm_set1_epi8('-');
    const __m128i w0 = pdn_bits__part(p, 0), w1 = pdn_bits__part(p, 1), w2 = pdn_bits__part(p, 2),
                  w3 = pdn_bits__part(p, 3);
    const __m128i d0 = _mm_sub_epi8(w0, v0), d1 = _mm_sub_epi8(w1, v0), d2 = _mm_sub_epi8(w2, v0),
                  d3 = _mm_sub_epi8(w3, v0);
    m->digit = pdn_bits__mask32(_mm_cmpeq_epi8(_mm_min_epu8(d0, v9), d0),
                                _mm_cmpeq_epi8(_mm_min_epu8(d1, v9), d1)) |
               pdn_bits__mask32(_mm_cmpeq_epi8(_mm_min_epu8(d2, v9), d2),
                                _mm_cmpeq_epi8(_mm_min_epu8(d3, v9), d3))
                   << 32;
    m->comma = pdn_bits__mask32(_mm_cmpeq_epi8(w0, vc), _mm_cmpeq_epi8(w1, vc)) |
               pdn_bits__mask32(_mm_cmpeq_epi8(w2, vc), _mm_cmpeq_epi8(w3, vc)) << 32;
    m->king = pdn_bits__mask32(_mm_cmpeq_epi8(w0, vk), _mm_cmpeq_epi8(w1, vk)) |
              pdn_bits__mask32(_mm_cmpeq_epi8(w2, vk), _mm_cmpeq_epi8(w3, vk)) << 32;
    m->dash = pdn_bits__mask32(_mm_cmpeq_epi8(w0, vd), _mm_cmpeq_epi8(w1, vd)) |
              pdn_bits__mask32(_mm_cmpeq_epi8(w2, vd), _mm_cmpeq_epi8(w3, vd)) << 32;
#else
    m->digit = m->comma = m->king = m->dash = 0;
    for (unsigned i = 0; i < 64; i++) {
        uint64_t bit = UINT64_C(1) << i;
        m->digit |= (unsigned)(p[i] - '0') < 10 ? bit : 0;
        m->comma |= p[i] == ',' ? bit : 0;
        m->king |= p[i] == 'K' ? bit : 0;
        m->dash |= p[i] == '-' ? bit : 0;
    }
#endif
}

/* Bit i set where p[i] >= 0x80, for i < 64: whether the bytes of a
 * block that belong to a text are ASCII, without a loop to its end. */
static inline uint64_t pdn_bits__high(const unsigned char *p)
{
#if PDN_BITS_SSE2
    return (uint64_t)(unsigned)_mm_movemask_epi8(pdn_bits__part(p, 0)) |
           (uint64_t)(unsigned)_mm_movemask_epi8(pdn_bits__part(p, 1)) << 16 |
           (uint64_t)(unsigned)_mm_movemask_epi8(pdn_bits__part(p, 2)) << 32 |
           (uint64_t)(unsigned)_mm_movemask_epi8(pdn_bits__part(p, 3)) << 48;
#else
    uint64_t h = 0;
    for (unsigned k = 0; k < 8; k++)
        h |= (uint64_t)pdn_bits__gather(pdn_bits__load(p + 8 * k) & PDN_BITS_REP(0x80)) << (8 * k);
    return h;
#endif
}

/* Index of the first of p[0..n) that is a, b, c or d; n when none is. */
static inline size_t pdn_bits__find4(const unsigned char *p, size_t n, unsigned char a,
                                     unsigned char b, unsigned char c, unsigned char d)
{
    size_t i = 0;
#if PDN_BITS_SSE2
    const __m128i va = _mm_set1_epi8((char)a), vb = _mm_set1_epi8((char)b),
                  vc = _mm_set1_epi8((char)c), vd = _mm_set1_epi8((char)d);
    for (; n - i >= 16; i += 16) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, va), _mm_cmpeq_epi8(w, vb)),
                                 _mm_or_si128(_mm_cmpeq_epi8(w, vc), _mm_cmpeq_epi8(w, vd)));
        unsigned k = (unsigned)_mm_movemask_epi8(m);
        if (k)
            return i + pdn_bits__ctz(k);
    }
#else
    for (; n - i >= 8; i += 8) {
        uint64_t w = pdn_bits__load(p + i);
        uint64_t m = pdn_bits__eq(w, PDN_BITS_REP(a)) | pdn_bits__eq(w, PDN_BITS_REP(b)) |
                     pdn_bits__eq(w, PDN_BITS_REP(c)) | pdn_bits__eq(w, PDN_BITS_REP(d));
        if (m)
            return i + pdn_bits__ctz(m) / 8;
    }
#endif
    for (; i < n; i++)
        if (p[i] == a || p[i] == b || p[i] == c || p[i] == d)
            return i;
    return n;
}

/* How many of the 16 bytes at p, from the first, are ASCII letters, digits
 * or '_' (16 when all are): the length of a tag name without a loop whose
 * exit depends on it. */
static inline unsigned pdn_bits__word16(const unsigned char *p)
{
#if PDN_BITS_SSE2
    __m128i w = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i l = _mm_sub_epi8(_mm_or_si128(w, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
    __m128i d = _mm_sub_epi8(w, _mm_set1_epi8('0'));
    __m128i letter = _mm_cmpeq_epi8(_mm_min_epu8(l, _mm_set1_epi8(25)), l);
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
    __m128i word = _mm_or_si128(_mm_or_si128(letter, digit), _mm_cmpeq_epi8(w, _mm_set1_epi8('_')));
    return pdn_bits__ctz(~(uint64_t)(unsigned)_mm_movemask_epi8(word));
#else
    unsigned i = 0;
    while (i < 16 &&
           ((unsigned)((p[i] | 0x20) - 'a') < 26 || (unsigned)(p[i] - '0') < 10 || p[i] == '_'))
        i++;
    return i;
#endif
}

/* How many of p[0..n), from the first, are ASCII (below 0x80). */
static inline size_t pdn_bits__ascii(const unsigned char *p, size_t n)
{
    size_t i = 0;
#if PDN_BITS_SSE2
    for (; n - i >= 16; i += 16) {
        unsigned k =
            (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + i)));
        if (k)
            return i + pdn_bits__ctz(k);
    }
#else
    for (; n - i >= 8; i += 8) {
        uint64_t m = pdn_bits__load(p + i) & UINT64_C(0x8080808080808080);
        if (m)
            return i + pdn_bits__ctz(m) / 8;
    }
#endif
    while (i < n && p[i] < 0x80)
        i++;
    return i;
}

/* Copies the ASCII bytes at the start of p[0..n) to out and returns how
 * many there are, like pdn_bits__ascii() followed by memcpy() but in one
 * pass and without a call per run: whole blocks are stored before they are
 * tested, so out must have room for 16 bytes more than the count. */
static inline size_t pdn_bits__copy_ascii(unsigned char *out, const unsigned char *p, size_t n)
{
    size_t i = 0;
#if PDN_BITS_SSE2
    for (; n - i >= 16; i += 16) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        _mm_storeu_si128((__m128i *)(void *)(out + i), w);
        unsigned k = (unsigned)_mm_movemask_epi8(w);
        if (k)
            return i + pdn_bits__ctz(k);
    }
#else
    for (; n - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        memcpy(out + i, &w, 8);
        uint64_t m = pdn_bits__load(p + i) & UINT64_C(0x8080808080808080);
        if (m)
            return i + pdn_bits__ctz(m) / 8;
    }
#endif
    for (; i < n && p[i] < 0x80; i++)
        out[i] = p[i];
    return i;
}

#endif
