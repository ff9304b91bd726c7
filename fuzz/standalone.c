/* SPDX-License-Identifier: MIT */
/*
 * standalone.c - a main() for fuzz targets built without libFuzzer: runs
 * LLVMFuzzerTestOneInput() once over every file named on the command line
 * (directories are walked recursively, in sorted order), so that ctest can
 * replay a fuzz corpus in any build, sanitizers included.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long inputs_run;

static int run_path(const char *path);

static int fail(const char *path, const char *what)
{
    fprintf(stderr, "standalone: %s: %s: %s\n", path, what, strerror(errno));
    return -1;
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(path, "cannot open");

    size_t cap = 4096, len = 0;
    uint8_t *data = malloc(cap);
    for (;;) {
        if (!data) {
            fclose(f);
            return fail(path, "out of memory");
        }
        len += fread(data + len, 1, cap - len, f);
        if (len < cap)
            break;
        cap *= 2;
        uint8_t *grown = realloc(data, cap);
        if (!grown)
            free(data);
        data = grown;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(data);
        return fail(path, "read error");
    }

    /* A copy of exactly `len` bytes, so that ASan catches reads past the end. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(data);
        return fail(path, "out of memory");
    }
    memcpy(exact, data, len);
    free(data);
    /* Named first, so that a crash or a sanitizer report can be traced to its input. */
    fprintf(stderr, "input: %s\n", path);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    inputs_run++;
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *path)
{
    DIR *dir = opendir(path);
    if (!dir)
        return fail(path, "cannot open directory");

    char **names = NULL;
    size_t count = 0, cap = 0;
    int rc = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) != NULL) {
        if (ent->d_name[0] == '.')
            continue; /* ".", ".." and hidden files such as .gitkeep */
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) {
                rc = fail(path, "out of memory");
                break;
            }
            names = grown;
        }
        size_t need = strlen(path) + strlen(ent->d_name) + 2;
        char *name = malloc(need);
        if (!name) {
            rc = fail(path, "out of memory");
            break;
        }
        snprintf(name, need, "%s/%s", path, ent->d_name);
        names[count++] = name;
    }
    closedir(dir);

    if (rc == 0 && count > 1)
        qsort(names, count, sizeof *names, compare_names);
    for (size_t i = 0; i < count; i++) {
        if (rc == 0)
            rc = run_path(names[i]);
        free(names[i]);
    }
    free(names);
    return rc;
}

static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return fail(path, "cannot stat");
    return S_ISDIR(st.st_mode) ? run_dir(path) : run_file(path);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        /* No corpus yet: still exercise the target once, on empty input. */
        static const uint8_t empty[1];
        LLVMFuzzerTestOneInput(empty, 0);
        inputs_run++;
    }
    for (int i = 1; i < argc; i++) {
        if (run_path(argv[i]) != 0)
            return 1;
    }
    printf("%lu inputs run\n", inputs_run);
    return 0;
}
