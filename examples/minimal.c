/* SPDX-License-Identifier: MIT */
/*
 * minimal.c - the smallest useful libpdn program: reads the PDN file named
 * on the command line as a stream and prints how many games it holds and how
 * many errors were found in them.  Uses nothing but <pdn.h>.
 */
#include <pdn.h>
#include <stdio.h>

/* pdn_read_fn over a FILE *: the reader pulls the input in pieces. */
static size_t read_file(void *ctx, char *buf, size_t size)
{
    FILE *f = ctx;
    size_t n = fread(buf, 1, size, f);
    if (n == 0 && ferror(f))
        return (size_t)-1;
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.pdn\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 3;
    }

    pdn_reader *reader;
    pdn_status st = pdn_reader_new_callback(&reader, read_file, f, NULL);
    if (st != PDN_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], pdn_status_str(st));
        fclose(f);
        return 3;
    }

    unsigned long games = 0, errors = 0;
    const pdn_game *game;
    while ((st = pdn_reader_next(reader, &game)) == PDN_OK) {
        games++;
        errors += (unsigned long)pdn_game_count_severity(game, PDN_SEV_ERROR);
    }
    pdn_reader_free(reader);
    fclose(f);
    if (st != PDN_DONE) {
        fprintf(stderr, "%s: %s\n", argv[1], pdn_status_str(st));
        return 3;
    }

    printf("games: %lu errors: %lu\n", games, errors);
    return errors ? 1 : 0;
}
