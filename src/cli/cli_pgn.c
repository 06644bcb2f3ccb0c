/* `kage pgn [--to=san|pychess|xboard|uci] FILE...`: check game records from
 * the command line, or rewrite them in the dialect a destination reads:
 * san (= pychess: Fairy-Stockfish's SAN, what pychess.org imports), xboard
 * (what XBoard 4.9.1's Load Game reads) or uci (coordinates).  A client of records and rules,
 * like the screen: every move is replayed and checked, the result tag is
 * held against the final position. */
#include "cli.h"
#include "kage/records/pgn.h"
#include "kage/rules/gameend.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum PgnOutput { OUT_CHECK, OUT_SAN, OUT_UCI, OUT_XBOARD } PgnOutput;

/* The final position of g (replayed and checked again), its FEN in fen;
 * false with err set if the replay fails. */
static bool final_position(const PgnGame *g, Variant *v, char *fen, size_t size, GameResult *verdict,
                           KageError *err)
{
    Position *pos = pos_new(v);
    bool ok = record_replay(&g->rec, pos, g->rec.nmoves, err);
    if (ok) {
        pos_get_fen(pos, fen, size);
        *verdict = game_result(pos);
    }
    pos_free(pos);
    return ok;
}

/* The [Result] against the result written after the moves, and against the
 * rules' verdict on the final position. */
static bool result_consistent(const PgnGame *g, GameResult verdict, KageError *err)
{
    const char *tag = pgn_tag(g, "Result");
    bool tag_is_result = tag && (!strcmp(tag, "1-0") || !strcmp(tag, "0-1") || !strcmp(tag, "1/2-1/2") || !strcmp(tag, "*"));
    if (tag_is_result && g->terminator[0] && strcmp(tag, g->terminator))
        return kage_error(err, -1, "line %d: [Result \"%s\"] disagrees with the result after the moves: %s", g->line,
                          tag, g->terminator);
    if (verdict.outcome == OUTCOME_NONE || g->result_tag == OUTCOME_NONE || g->result_tag == verdict.outcome)
        return true;
    return kage_error(err, -1, "line %d: [Result \"%s\"] disagrees with the final position: %s (%s)", g->line,
                      game_outcome_text(g->result_tag), game_outcome_text(verdict.outcome),
                      game_reason_text(verdict.reason));
}

static void print_check(const char *path, int index, const PgnGame *g, const char *fen)
{
    printf("== %s: game %d (line %d)\n", path, index + 1, g->line);
    for (int t = 0; t < g->ntags; t++)
        printf("[%s \"%s\"]\n", g->tags[t].name, g->tags[t].value);
    printf("variant: %s\n", g->rec.def->id);
    printf("moves: %d\n", g->rec.nmoves);
    printf("final FEN: %s\n", fen);
    if (g->rec.result.outcome == OUTCOME_NONE)
        printf("result: * (unfinished)\n");
    else if (g->rec.result.reason != END_NONE)
        printf("result: %s (%s)\n", game_outcome_text(g->rec.result.outcome), game_reason_text(g->rec.result.reason));
    else
        printf("result: %s\n", game_outcome_text(g->rec.result.outcome));
}

/* The game again, in SAN, UCI or XBoard's SAN, with its tags and comments. */
static bool print_rewritten(const PgnGame *g, Variant *v, PgnOutput out, KageError *err)
{
    PgnInfo info = {.tc = g->tc.kind != CLOCK_NONE ? &g->tc : NULL, .uci = out == OUT_UCI, .xboard = out == OUT_XBOARD};
    const char **comments;
    PgnTag *extra = pgn_info_keep(&info, g, g->rec.nmoves, g->rec.nmoves, 0, &comments);
    char *text = pgn_write(v, &g->rec, &info, err);
    free(extra);
    free(comments);
    if (!text)
        return false;
    fputs(text, stdout);
    fputs("\n", stdout);
    free(text);
    return true;
}

/* The file at path opened for reading, without blocking on a FIFO (only a
 * regular file is read; "-" is standard input): a descriptor, or -1 with
 * err set. */
static int open_input(const char *path, KageError *err)
{
    if (!strcmp(path, "-"))
        return STDIN_FILENO;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0) {
        kage_error(err, -1, "%s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        kage_error(err, -1, "%s: not a regular file (%s)", path,
                   S_ISDIR(st.st_mode) ? "a directory" : "a pipe, a device or a socket");
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

/* The variant of def, built once for all the games of a file in it, not
 * once a game. */
typedef struct VariantCache {
    Variant *v[16];
    int n;
} VariantCache;

static Variant *cached_variant(VariantCache *c, const VariantDef *def, KageError *err)
{
    for (int i = 0; i < c->n; i++)
        if (c->v[i]->def == def)
            return c->v[i];
    if (c->n == (int)(sizeof c->v / sizeof c->v[0])) /* more variants than Kage has: never */
        while (c->n)
            variant_free(c->v[--c->n]);
    Variant *v = variant_new(def, err);
    if (v)
        c->v[c->n++] = v;
    return v;
}

/* One file ("-": standard input), read and reported game by game, so that
 * a collection of any size takes the memory of its longest game: 0 if every
 * game is good, 1 otherwise (the error on stderr, after the games before it). */
static int one_file(const char *path, PgnOutput out)
{
    KageError err;
    int in = open_input(path, &err);
    if (in < 0) {
        fprintf(stderr, "kage pgn: %s\n", err.msg);
        return 1;
    }
    PgnStream *st = pgn_stream_new(in, NULL);
    VariantCache cache = {{0}, 0};
    PgnGame g;
    int status = 0, got;
    for (int i = 0; !status && !ferror(stdout) && (got = pgn_stream_next(st, &g, &err)) != 0; i++) {
        if (got < 0) {
            fprintf(stderr, "kage pgn: %s: %s\n", path, err.msg);
            status = 1;
            break;
        }
        Variant *v = cached_variant(&cache, g.rec.def, &err);
        char fen[1024];
        GameResult verdict;
        bool ok = v && final_position(&g, v, fen, sizeof fen, &verdict, &err) && result_consistent(&g, verdict, &err);
        if (ok && out == OUT_CHECK)
            print_check(path, i, &g, fen);
        else if (ok)
            ok = print_rewritten(&g, v, out, &err);
        if (!ok) {
            fprintf(stderr, "kage pgn: %s: game %d: %s\n", path, i + 1, err.msg);
            status = 1;
        }
        pgn_game_clear(&g);
    }
    pgn_stream_free(st);
    for (int k = 0; k < cache.n; k++)
        variant_free(cache.v[k]);
    if (in != STDIN_FILENO)
        close(in);
    return status || ferror(stdout);
}

int cli_pgn(int argc, char **argv)
{
    PgnOutput out = OUT_CHECK;
    int first = 1;
    for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--")) {
            first++;
            break;
        } else if (!strcmp(a, "--to=san") || !strcmp(a, "--to=pychess")) {
            out = OUT_SAN; /* Kage's SAN is Fairy-Stockfish's: pychess.org's */
        } else if (!strcmp(a, "--to=xboard")) {
            out = OUT_XBOARD;
        } else if (!strcmp(a, "--to=uci")) {
            out = OUT_UCI;
        } else if (!strncmp(a, "--to=", 5)) {
            fprintf(stderr, "kage pgn: --to=%s: write --to=san, --to=pychess, --to=xboard or --to=uci\n", a + 5);
            return 2;
        } else {
            fprintf(stderr, "kage pgn: unknown option '%s'\nUsage: kage pgn [--to=san|pychess|xboard|uci] FILE... (- for standard input)\n", a);
            return 2;
        }
    }
    if (first >= argc) {
        fprintf(stderr, "Usage: kage pgn [--to=san|pychess|xboard|uci] FILE... (- for standard input)\n");
        return 2;
    }
    int status = 0;
    for (int i = first; i < argc; i++)
        status |= one_file(argv[i], out);
    if (fflush(stdout) || ferror(stdout)) {
        perror("kage pgn: standard output");
        return 1;
    }
    return status;
}
