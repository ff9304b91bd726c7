/* SPDX-License-Identifier: MIT */
/*
 * files.h - what the unit tests that go over the corpus share: a walk of
 * every file under a directory, and reading a whole file into memory.
 * Each test program is one translation unit and includes this once.
 */
#ifndef PDN_TEST_FILES_H
#define PDN_TEST_FILES_H

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Called with a file's path and its name (the last part of the path);
 * false stops the walk. */
typedef bool (*test_file_fn)(const char *path, const char *name, void *ctx);

/* Every regular file under `dir` (hidden names skipped, at most 8 levels
 * deep), in the order the directories list them.  False when `visit`
 * stopped the walk. */
static bool test_walk_files(const char *dir, test_file_fn visit, void *ctx)
{
    struct walk_level {
        DIR *d;
        size_t len; /* of the directory's path in `path` */
    } stack[9];
    char path[4096];
    int top = 0;
    size_t len = strlen(dir);
    if (len >= sizeof path || (stack[0].d = opendir(dir)) == NULL)
        return true;
    memcpy(path, dir, len + 1);
    stack[0].len = len;
    bool go = true;
    while (top >= 0) {
        struct dirent *e = go ? readdir(stack[top].d) : NULL;
        if (e == NULL) {
            closedir(stack[top--].d);
            continue;
        }
        if (e->d_name[0] == '.')
            continue;
        size_t at = stack[top].len, n = strlen(e->d_name);
        struct stat sb;
        if (at + 1 + n >= sizeof path)
            continue;
        path[at] = '/';
        memcpy(path + at + 1, e->d_name, n + 1);
        if (stat(path, &sb) != 0)
            continue;
        if (S_ISDIR(sb.st_mode)) {
            DIR *sub = top + 1 < 9 ? opendir(path) : NULL;
            if (sub != NULL) {
                stack[++top].d = sub;
                stack[top].len = at + 1 + n;
            }
        } else if (S_ISREG(sb.st_mode)) {
            go = visit(path, path + at + 1, ctx);
        }
    }
    return go;
}

/* Whether `name` ends in `ext` (".pgn"). */
static inline bool test_has_ext(const char *name, const char *ext)
{
    size_t n = strlen(name), k = strlen(ext);
    return n > k && strcmp(name + n - k, ext) == 0;
}

/* The whole file at `path` in a buffer of malloc() with a NUL after it (the
 * caller frees it), its length in *len; NULL when it cannot be read. */
static char *test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *data = malloc(cap + 1);
    while (data != NULL && (got = fread(data + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *more = realloc(data, cap * 2 + 1);
            if (more == NULL) {
                free(data);
                data = NULL;
                break;
            }
            data = more;
            cap *= 2;
        }
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (data == NULL || bad) {
        free(data);
        return NULL;
    }
    data[n] = '\0';
    *len = n;
    return data;
}

#endif
