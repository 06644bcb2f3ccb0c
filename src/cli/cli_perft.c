/* `kage perft`: move-generator counts, per-move divide output that compares
 * line by line with shared/tools/ffish-divide.js and cashew_ref.py, and a
 * speed benchmark over every variant's start position. */
#include "cli.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/perft.h"
#include "kage/rules/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct DivideLine {
    char text[MOVE_TEXT_MAX];
    uint64_t nodes;
} DivideLine;

typedef struct DivideOut {
    DivideLine *lines;
    int n;
} DivideOut;

static void collect(void *ctx, const Position *pos, Move m, uint64_t nodes)
{
    DivideOut *out = ctx;
    move_to_text((Position *)pos, m, MOVE_FOR_DIVIDE, out->lines[out->n].text);
    out->lines[out->n++].nodes = nodes;
}

static int cmp_lines(const void *a, const void *b)
{
    return strcmp(((const DivideLine *)a)->text, ((const DivideLine *)b)->text);
}

static void perft_usage(FILE *f)
{
    fputs("Usage: kage perft [--divide] VARIANT FEN|startpos DEPTH\n"
          "       kage perft --bench [--quick]\n",
          f);
}

/* Fixed benchmark: each start position at a depth that takes about a second. */
static int perft_bench(bool quick)
{
    static const struct {
        const char *id;
        int depth;
    } runs[] = {{"shinobiplus", 4}, {"shinobi", 4}, {"shinobivchess", 4}, {"shogun", 6}, {"cashew", 5}};
    uint64_t total_nodes = 0;
    double total_time = 0;
    printf("%-14s %5s %14s %9s %14s\n", "variant", "depth", "nodes", "seconds", "nodes/second");
    for (int i = 0; i < N_ELEMS(runs); i++) {
        KageError err;
        Variant *v = variant_new(variant_find(runs[i].id), &err);
        if (!v) {
            fprintf(stderr, "kage: %s\n", err.msg);
            return 1;
        }
        Position *pos = pos_new(v);
        int depth = quick ? runs[i].depth - 1 : runs[i].depth;
        double t0 = now_seconds();
        uint64_t n = perft(pos, depth);
        double dt = now_seconds() - t0;
        printf("%-14s %5d %14llu %9.3f %14.0f\n", runs[i].id, depth, (unsigned long long)n, dt,
               dt > 0 ? n / dt : 0.0);
        total_nodes += n;
        total_time += dt;
        pos_free(pos);
        variant_free(v);
    }
    printf("%-14s %5s %14llu %9.3f %14.0f\n", "total", "", (unsigned long long)total_nodes, total_time,
           total_time > 0 ? total_nodes / total_time : 0.0);
    return 0;
}

int cli_perft(int argc, char **argv)
{
    bool divide = false, bench = false, quick = false;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (!strcmp(argv[i], "--divide"))
            divide = true;
        else if (!strcmp(argv[i], "--bench"))
            bench = true;
        else if (!strcmp(argv[i], "--quick"))
            quick = true;
        else if (!strcmp(argv[i], "--help")) {
            perft_usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "kage perft: unknown option '%s'\n", argv[i]);
            perft_usage(stderr);
            return 2;
        }
    }
    if (bench)
        return perft_bench(quick);
    if (argc - i != 3) {
        perft_usage(stderr);
        return 2;
    }
    const VariantDef *def = variant_find(argv[i]);
    if (!def) {
        fprintf(stderr, "kage perft: unknown variant '%s' (try: shinobiplus shinobi shinobivchess shogun cashew)\n",
                argv[i]);
        return 2;
    }
    char *end;
    long depth = strtol(argv[i + 2], &end, 10);
    if (!argv[i + 2][0] || *end || depth < divide || depth > 20 || !isdigit((unsigned char)argv[i + 2][0])) {
        fprintf(stderr, "kage perft: depth must be a number from %d to 20, not '%s'%s\n", divide, argv[i + 2],
                divide && depth == 0 && !*end && argv[i + 2][0] ? " (--divide shows the moves: depth 1 at least)" : "");
        return 2;
    }
    KageError err;
    Variant *v = variant_new(def, &err);
    if (!v) {
        fprintf(stderr, "kage perft: %s\n", err.msg);
        return 1;
    }
    Position *pos = pos_new(v);
    const char *fen = argv[i + 1];
    if (strcmp(fen, "startpos") && !pos_set_fen(pos, fen, &err)) {
        fprintf(stderr, "kage perft: bad FEN: %s\n", err.msg);
        if (err.column >= 0)
            fprintf(stderr, "  %s\n  %*s^\n", fen, err.column, "");
        pos_free(pos);
        variant_free(v);
        return 1;
    }
    if (divide) {
        DivideOut out = {xmalloc(MAX_MOVES * sizeof(DivideLine)), 0};
        uint64_t total = perft_divide(pos, (int)depth, collect, &out);
        qsort(out.lines, (size_t)out.n, sizeof *out.lines, cmp_lines);
        for (int k = 0; k < out.n; k++)
            printf("%s %llu\n", out.lines[k].text, (unsigned long long)out.lines[k].nodes);
        printf("total %llu\n", (unsigned long long)total);
        free(out.lines);
    } else
        printf("%llu\n", (unsigned long long)perft(pos, (int)depth));
    pos_free(pos);
    variant_free(v);
    return 0;
}
