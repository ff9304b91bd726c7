/* SPDX-License-Identifier: MIT */
/*
 * san_samples.h - the tokens of a chess movetext that the reader's and the
 * writer's quick paths handle most (canonical SAN of every piece, castling,
 * captures, promotion, check and mate marks, move numbers glued or not),
 * for the randomised tests that build movetexts out of them.
 */
#ifndef PDN_TEST_SAN_SAMPLES_H
#define PDN_TEST_SAN_SAMPLES_H

/* 20 string literals, for the start of an array's initializer. */
#define TEST_SAN_SAMPLES                                                                           \
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "O-O-O", "exd5", "e8=Q+", "Qh4xe1", "Nbd7",      \
        "R1e2", "Raxe1+", "Qxf7#", "1.", "12.", "9...", "1.e4", "2...Nc6"

#endif
