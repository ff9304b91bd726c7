/* SPDX-License-Identifier: MIT */
/*
 * out.c - flushing of the writers' output buffer.
 */
#include "write/out.h"

void pdn_out__init(pdn_out *o, pdn_sink sink)
{
    o->sink = sink;
    o->len = 0;
    o->failed = 0;
}

void pdn_out__flush(pdn_out *o)
{
    if (o->len && !o->failed && o->sink.write(o->sink.ctx, o->buf, o->len) != 0)
        o->failed = 1;
    o->len = 0;
}

pdn_status pdn_out__finish(pdn_out *o)
{
    pdn_out__flush(o);
    return o->failed ? PDN_EIO : PDN_OK;
}
