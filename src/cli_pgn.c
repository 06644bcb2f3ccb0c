/* `kage pgn [--to=san|uci] FILE...`: check game records from the command
 * line, or rewrite them in either notation.  A client of records and rules,
 * like the screen: every move is replayed and checked, the result tag is
 * held against the final position. */
#include "cli.h"
#include "kage/records/config.h"
#include "kage/records/pgn.h"
#include "kage/rules/gameend.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum PgnOutput { OUT_CHECK, OUT_SAN, OUT_UCI } PgnOutput;

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

/* The game again, in SAN or UCI, with its tags and comments. */
static bool print_rewritten(const PgnGame *g, Variant *v, bool uci, KageError *err)
{
    PgnInfo info = {.tc = g->tc.kind != CLOCK_NONE ? &g->tc : NULL, .uci = uci};
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

#define STDIN_MAX (64u << 20) /* a collection piped in: up to 64 MB */

/* All of standard input ("-" on the command line), NUL-terminated; NULL with
 * err set if it cannot be read or is too long. */
static char *read_stdin(size_t *len, KageError *err)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= STDIN_MAX) {
                free(buf);
                kage_error(err, -1, "standard input: too long (over %u MB)", STDIN_MAX >> 20);
                return NULL;
            }
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n - 1, stdin);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(stdin)) {
        free(buf);
        kage_error(err, -1, "standard input: %s", strerror(errno));
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* One file ("-": standard input): 0 if every game is good, 1 otherwise (the
 * error on stderr). */
static int one_file(const char *path, PgnOutput out)
{
    KageError err;
    size_t len;
    char *text = !strcmp(path, "-") ? read_stdin(&len, &err) : config_read_file(path, &len, &err);
    if (!text) {
        fprintf(stderr, "kage pgn: %s\n", err.msg);
        return 1;
    }
    PgnGames games;
    bool ok = pgn_read(text, len, NULL, &games, &err);
    free(text);
    if (!ok) {
        fprintf(stderr, "kage pgn: %s: %s\n", path, err.msg);
        return 1;
    }
    int status = 0;
    for (int i = 0; i < games.count && !status; i++) {
        const PgnGame *g = &games.games[i];
        Variant *v = variant_new(g->rec.def, &err);
        char fen[1024];
        GameResult verdict;
        ok = v && final_position(g, v, fen, sizeof fen, &verdict, &err) && result_consistent(g, verdict, &err);
        if (ok && out == OUT_CHECK)
            print_check(path, i, g, fen);
        else if (ok)
            ok = print_rewritten(g, v, out == OUT_UCI, &err);
        if (!ok) {
            fprintf(stderr, "kage pgn: %s: game %d: %s\n", path, i + 1, err.msg);
            status = 1;
        }
        variant_free(v);
    }
    pgn_games_free(&games);
    return status;
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
        } else if (!strcmp(a, "--to=san")) {
            out = OUT_SAN;
        } else if (!strcmp(a, "--to=uci")) {
            out = OUT_UCI;
        } else if (!strncmp(a, "--to=", 5)) {
            fprintf(stderr, "kage pgn: --to=%s: write --to=san or --to=uci\n", a + 5);
            return 2;
        } else {
            fprintf(stderr, "kage pgn: unknown option '%s'\nUsage: kage pgn [--to=san|uci] FILE... (- for standard input)\n", a);
            return 2;
        }
    }
    if (first >= argc) {
        fprintf(stderr, "Usage: kage pgn [--to=san|uci] FILE... (- for standard input)\n");
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
