/* SPDX-License-Identifier: MIT */
/*
 * writers.h - the writers' entry points with their quick paths on or off,
 * for the tests that compare the two.  Internal: not part of pdn.h.
 */
#ifndef PDN_WRITE_WRITERS_H
#define PDN_WRITE_WRITERS_H

#include "pdn.h"

#include <stdbool.h>

/* pdn_write_pdn(), which is this with `quick`; without it every move is
 * written the general way (write_move() and token3f()). */
pdn_status pdn_write__pdn(const pdn_game *game, const pdn_write_options *opts, pdn_sink sink,
                          bool quick);

#endif
