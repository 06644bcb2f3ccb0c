/* `kage datagen`: self-play games at a fixed number of nodes a move, for the
 * evaluation tuner (tools/tune.py).  Each game starts from a position of an
 * opening file (or the start position) and a few random plies; the quiet
 * positions of the game (not in check, the best move neither captures nor
 * promotes) are written with the search's score and the game's result:
 *
 *     FEN<TAB>SCORE<TAB>RESULT
 *
 * SCORE in centipawns and RESULT (1, 0.5 or 0) are from the first player's
 * (White's) view.  A game is decided early when the score stays beyond
 * 2500 for eight plies, and drawn at 400 plies. */
#include "cli.h"

#include "kage/engine/search.h"
#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GAME_PLIES 400

typedef struct Record {
    char fen[256];
    int score; /* White's view */
} Record;

static uint64_t next_random(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The FENs of an opening file for this variant ("VARIANT<TAB>FEN" lines). */
/* A whole decimal number, or -1. */
static long number(const char *s)
{
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    return end == s || *end || errno || x < 0 ? -1 : x;
}

static char **read_openings(const char *path, const char *variant, int *n)
{
    *n = -1; /* not readable */
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return NULL;
    }
    char *line = NULL, **out = NULL;
    size_t cap = 0;
    int max = 0;
    *n = 0;
    while (getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab)
            continue;
        *tab = 0;
        if (strcmp(line, variant))
            continue;
        if (*n == max) {
            max = max ? 2 * max : 256;
            out = xrealloc(out, (size_t)max * sizeof *out);
        }
        out[(*n)++] = xstrdup(tab + 1);
    }
    free(line);
    fclose(f);
    return out;
}

static void keep_last(void *ctx, const SearchInfo *info) { *(SearchInfo *)ctx = *info; }

/* One game; its quiet positions go to out.  Returns false on a setup error. */
static bool play_one(Engine *e, const Variant *v, const char *fen, int random_plies, uint64_t nodes,
                     uint64_t *rng, FILE *out)
{
    KageError err;
    Position *pos = pos_new(v);
    if (fen && !pos_set_fen(pos, fen, &err)) {
        fprintf(stderr, "kage datagen: bad opening %s: %s\n", fen, err.msg);
        pos_free(pos);
        return false;
    }
    Record *recs = xcalloc(MAX_GAME_PLIES, sizeof *recs);
    int nrecs = 0, decided = 0;
    double result = 0.5;
    engine_new_game(e);
    MoveList list;
    for (int i = 0; i < random_plies; i++) {
        if (game_result(pos).outcome != OUTCOME_NONE)
            break;
        movegen_legal(pos, &list);
        if (!list.count)
            break;
        pos_make(pos, list.moves[next_random(rng) % (uint64_t)list.count]);
    }
    GameResult r = game_result(pos);
    for (int ply = 0; r.outcome == OUTCOME_NONE && ply < MAX_GAME_PLIES; ply++) {
        SearchLimits lim = {0};
        lim.nodes = nodes;
        SearchInfo info;
        memset(&info, 0, sizeof info);
        Move m = engine_search(e, pos, &lim, keep_last, &info);
        if (m == MOVE_NONE)
            break;
        int white = pos->side == WHITE ? info.score_cp : -info.score_cp;
        bool mate = info.mate_in != 0;
        if (!mate && !pos_in_check(pos) && move_kind(m) != MOVE_PROMO && !movegen_is_capture(pos, m) &&
            abs(white) < 2500 && nrecs < MAX_GAME_PLIES) {
            pos_get_fen(pos, recs[nrecs].fen, sizeof recs[nrecs].fen);
            recs[nrecs++].score = white;
        }
        /* a game whose score stays decided is over */
        int w = mate ? (info.mate_in > 0) == (pos->side == WHITE) ? 1 : -1 : white >= 2500 ? 1 : white <= -2500 ? -1 : 0;
        decided = w && (decided == 0 || (decided > 0) == (w > 0)) ? decided + w : 0;
        if (abs(decided) >= 8) {
            result = decided > 0 ? 1.0 : 0.0;
            break;
        }
        pos_make(pos, m);
        r = game_result(pos);
    }
    if (r.outcome == OUTCOME_WHITE_WINS)
        result = 1.0;
    else if (r.outcome == OUTCOME_BLACK_WINS)
        result = 0.0;
    for (int i = 0; i < nrecs; i++)
        fprintf(out, "%s\t%d\t%g\n", recs[i].fen, recs[i].score, result);
    fflush(out);
    free(recs);
    pos_free(pos);
    return true;
}

int cli_datagen(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "Usage: kage datagen VARIANT GAMES NODES OUTFILE [OPENINGS [SEED [RANDOM_PLIES]]]\n");
        return 2;
    }
    KageError err;
    const VariantDef *def = variant_find(argv[1]);
    Variant *v = def ? variant_new(def, &err) : NULL;
    long games = number(argv[2]), nodes = number(argv[3]);
    long seed = argc > 6 ? number(argv[6]) : 1, plies = argc > 7 ? number(argv[7]) : 4;
    if (!v || games < 1 || nodes < 1 || seed < 0 || plies < 0) {
        fprintf(stderr, "kage datagen: %s\n", !v ? "unknown variant (kage --help lists them)"
                                                  : "GAMES and NODES are whole numbers above 0, SEED and PLIES 0 or more");
        variant_free(v);
        return 2;
    }
    FILE *out = strcmp(argv[4], "-") ? fopen(argv[4], "a") : stdout;
    if (!out) {
        perror(argv[4]);
        variant_free(v);
        return 1;
    }
    int nopen = 0;
    char **open = NULL;
    if (argc > 5 && strcmp(argv[5], "-")) {
        open = read_openings(argv[5], def->id, &nopen);
        if (nopen <= 0) {
            if (nopen == 0)
                fprintf(stderr, "kage datagen: %s has no opening of %s\n", argv[5], def->id);
            free(open);
            if (out != stdout)
                fclose(out);
            variant_free(v);
            return 1;
        }
    }
    uint64_t rng = (uint64_t)seed;
    int random_plies = (int)plies;
    Engine *e = engine_new(16);
    engine_set_seed(e, rng);
    int status = 0;
    for (int g = 0; g < games; g++) {
        const char *fen = nopen ? open[next_random(&rng) % (uint64_t)nopen] : NULL;
        if (!play_one(e, v, fen, random_plies, (uint64_t)nodes, &rng, out)) {
            status = 1;
            break;
        }
        if ((g + 1) % 100 == 0)
            fprintf(stderr, "kage datagen: %d games\n", g + 1);
    }
    engine_free(e);
    for (int i = 0; i < nopen; i++)
        free(open[i]);
    free(open);
    if (out != stdout)
        fclose(out);
    variant_free(v);
    return status;
}

/* The variant named on a command line, or NULL after saying so. */
static Variant *variant_arg(const char *cmd, const char *id)
{
    KageError err;
    const VariantDef *def = variant_find(id);
    Variant *v = def ? variant_new(def, &err) : NULL;
    if (!v)
        fprintf(stderr, "kage %s: unknown variant %s\n", cmd, id);
    return v;
}

/* A "FEN<TAB>SCORE<TAB>RESULT" line (its end of line already cut) split in
 * place; false where it has not two tabs. */
static bool split_record(char *line, char **score, char **result)
{
    *score = strchr(line, '\t');
    *result = *score ? strchr(*score + 1, '\t') : NULL;
    if (!*result)
        return false;
    *(*score)++ = 0;
    *(*result)++ = 0;
    return true;
}

/* `kage evaltrace VARIANT`: for each "FEN<TAB>SCORE<TAB>RESULT" line on
 * standard input, "RESULT SCORE PHASE f:n f:n ..." with the evaluation's
 * non-zero feature counts (White minus Black); the first line names the
 * features ("features N name|name|...").  The tuner's input. */
int cli_evaltrace(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "Usage: kage evaltrace VARIANT <positions\n");
        return 2;
    }
    KageError err;
    Variant *v = variant_arg("evaltrace", argv[1]);
    if (!v)
        return 2;
    Engine *e = engine_new(1);
    Position *pos = pos_new(v);
    int max = 8192, *count = xcalloc((size_t)max, sizeof *count), phase;
    int n = engine_eval_trace(e, pos, count, max, &phase);
    printf("features %d ", n);
    for (int f = 0; f < n; f++) {
        char name[64];
        engine_eval_feature_name(e, f, name, sizeof name);
        printf("%s%s", f ? "|" : "", name);
    }
    printf("\n");
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, bad = 0;
    while (getline(&line, &cap, stdin) > 0) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        char *score, *result;
        if (!split_record(line, &score, &result)) {
            bad++;
            continue;
        }
        if (!pos_set_fen(pos, line, &err)) {
            fprintf(stderr, "kage evaltrace: line %ld: %s\n", lineno, err.msg);
            bad++;
            continue;
        }
        engine_eval_trace(e, pos, count, max, &phase);
        printf("%s %s %d", result, score, phase);
        for (int f = 0; f < n; f++)
            if (count[f])
                printf(" %d:%d", f, count[f]);
        printf("\n");
    }
    free(line);
    free(count);
    pos_free(pos);
    engine_free(e);
    variant_free(v);
    if (bad)
        fprintf(stderr, "kage evaltrace: %ld lines skipped\n", bad);
    return 0;
}

/* `kage nndata VARIANT`: for each "FEN<TAB>SCORE<TAB>RESULT" line on
 * standard input, one record of the position for tools/nn.py, in binary on
 * standard output.  A header "KNN2" and six little-endian 16-bit numbers
 * (squares, files, ranks, types, NN_HAND_MAX, and 1 where the network's view
 * from Black turns the board round: VariantDef.setup_turned), then per position: a byte per
 * square in plain order (rank * files + file, rank 0 White's first; 0 empty,
 * 1 + type - 1 + colour * types a piece), a byte per colour and type for the
 * hands (White's types 1..types, then Black's; at most 255), the side to move
 * (0 White), the score (16 bits, White's view, clamped to +-32000), the
 * result times two (White's view) and the evaluation without the network
 * (16 bits, the side to move's view: what the network is trained to correct).  With --inputs, text instead: for each
 * position the network's inputs seen from White, "|", and from Black, which
 * tools/nn.py compares with the ones it computes from the records; with
 * --eval, the engine's static evaluation of each position (the side to
 * move's view), which it compares with its own of the network. */
int cli_nndata(int argc, char **argv)
{
    bool inputs = argc == 3 && !strcmp(argv[2], "--inputs"), evals = argc == 3 && !strcmp(argv[2], "--eval");
    if (argc != 2 && !inputs && !evals) {
        fprintf(stderr, "Usage: kage nndata VARIANT [--inputs|--eval] <positions\n");
        return 2;
    }
    KageError err;
    Variant *v = variant_arg("nndata", argv[1]);
    if (!v)
        return 2;
    Position *pos = pos_new(v);
    uint16_t idx[1024];
    int ninputs;
    engine_nn_inputs(pos, WHITE, idx, 1024, &ninputs);
    int nt = v->ntypes;
    Engine *e = engine_new(1);
    if (!inputs && !evals) {
        uint16_t head[6] = {(uint16_t)v->nsq, (uint16_t)v->files, (uint16_t)v->ranks, (uint16_t)nt, 0,
                            (uint16_t)v->def->setup_turned};
        head[4] = (uint16_t)((ninputs / 2 - nt * v->nsq) / nt);
        fwrite("KNN2", 1, 4, stdout);
        for (int i = 0; i < 6; i++) {
            unsigned char b[2] = {(unsigned char)(head[i] & 0xff), (unsigned char)(head[i] >> 8)};
            fwrite(b, 1, 2, stdout);
        }
    }
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, bad = 0;
    unsigned char *rec = xcalloc((size_t)(v->nsq + 2 * nt + 6), 1);
    while (getline(&line, &cap, stdin) > 0) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        char *score, *result, *end, *rend;
        if (!split_record(line, &score, &result)) {
            fprintf(stderr, "kage nndata: line %ld: not FEN<TAB>SCORE<TAB>RESULT\n", lineno);
            bad++;
            continue;
        }
        long sc = strtol(score, &end, 10);
        double res = strtod(result, &rend);
        const char *why = *end || end == score ? "the score is not a whole number"
                          : *rend || rend == result || (res != 0 && res != 0.5 && res != 1)
                              ? "the result is not 1, 0.5 or 0"
                          : !pos_set_fen(pos, line, &err) ? err.msg : NULL;
        if (why) {
            fprintf(stderr, "kage nndata: line %ld: %s\n", lineno, why);
            bad++;
            continue;
        }
        if (inputs) {
            for (Color c = WHITE; c <= BLACK; c++) {
                int n = engine_nn_inputs(pos, c, idx, 1024, &ninputs);
                for (int i = 0; i < n; i++)
                    printf("%s%d", i ? " " : "", idx[i]);
                printf("%s", c == WHITE ? " | " : "\n");
            }
            continue;
        }
        if (evals) {
            printf("%d\n", engine_evaluate(e, pos));
            continue;
        }
        int k = 0;
        for (int i = 0; i < v->nsq; i++) {
            Piece p = pos_at(pos, v->sq_of[i]);
            rec[k++] = (unsigned char)(p ? piece_type(p) + piece_color(p) * nt : 0);
        }
        for (int c = 0; c < 2; c++)
            for (int t = 1; t <= nt; t++)
                rec[k++] = pos->hand[c][t] < 255 ? pos->hand[c][t] : 255;
        sc = sc > 32000 ? 32000 : sc < -32000 ? -32000 : sc;
        uint16_t usc = (uint16_t)(int16_t)sc;
        rec[k++] = (unsigned char)pos->side;
        rec[k++] = (unsigned char)(usc & 0xff);
        rec[k++] = (unsigned char)(usc >> 8);
        rec[k++] = (unsigned char)(res * 2);
        uint16_t base = (uint16_t)(int16_t)engine_evaluate_base(e, pos);
        rec[k++] = (unsigned char)(base & 0xff);
        rec[k++] = (unsigned char)(base >> 8);
        fwrite(rec, 1, (size_t)k, stdout);
    }
    free(rec);
    free(line);
    engine_free(e);
    pos_free(pos);
    variant_free(v);
    if (bad)
        fprintf(stderr, "kage nndata: %ld lines skipped\n", bad);
    return 0;
}
