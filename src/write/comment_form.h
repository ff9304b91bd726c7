/* SPDX-License-Identifier: MIT */
/*
 * comment_form.h - how a comment is written so that it reads back as the
 * same comment.  PDN 3.0 has brace comments and '%' lines; a ';' comment or
 * unreadable text is written as a brace comment, or as a '%' line when its
 * text holds a '}' (a brace comment cannot).  The JSON writer's canonical
 * mode reports the kind this gives, so both views agree after `pdn fmt`.
 */
#ifndef PDN_WRITE_COMMENT_FORM_H
#define PDN_WRITE_COMMENT_FORM_H

#include "pdn.h"

#include <string.h>

static inline pdn_comment_kind pdn_canon__comment_kind(pdn_str text, pdn_comment_kind kind)
{
    if (kind == PDN_COMMENT_PERCENT)
        return PDN_COMMENT_PERCENT;
    if (kind != PDN_COMMENT_BRACE && text.len && memchr(text.ptr, '}', text.len))
        return PDN_COMMENT_PERCENT;
    return PDN_COMMENT_BRACE;
}

#endif
