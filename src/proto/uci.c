/* UCI as Fairy-Stockfish speaks it: the variant is the UCI_Variant option,
 * moves are FSF's coordinate text (e2e4, e6e7+, J@c3; XBoard's multi-leg
 * text for Cashew), and the search runs on a thread so that `stop` works.
 * Commands are one table; each handler gets the words of its line. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "session.h"

#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

typedef struct Uci {
    Session s;
    bool quit;
} Uci;

typedef struct UciCommand {
    const char *name;
    void (*run)(Uci *u, int n, char **w);
    const char *help;
} UciCommand;

/* The value of `go`'s or setoption's word `what` in *out: a whole number,
 * brought into [lo, hi] with a word when it is outside; false, with a word,
 * when it is not a number at all. */
static bool read_int(const char *what, const char *s, long lo, long hi, long *out)
{
    long v;
    if (!session_number(s, LONG_MIN, LONG_MAX, &v)) {
        /* a whole number too long for a long is out of range, not garbage */
        const char *d = s && (*s == '-' || *s == '+') ? s + 1 : s;
        if (!d || !*d || strspn(d, "0123456789") != strlen(d))
            return false;
        v = *s == '-' ? LONG_MIN : LONG_MAX;
    }
    *out = v < lo ? lo : v > hi ? hi : v;
    if (v < lo || v > hi)
        session_printf("info string %s %.*s%s is out of range %ld..%ld: %ld used\n", what, SESSION_SHOWN(s), lo, hi,
                       *out);
    return true;
}

/* setoption's value: dflt, with a word, when it is not a number. */
static long parse_int(const char *what, const char *s, long lo, long hi, long dflt)
{
    long v;
    if (read_int(what, s, lo, hi, &v))
        return v;
    session_printf("info string %s: '%.*s%s' is not a whole number; %ld used\n", what, SESSION_SHOWN(s ? s : ""), dflt);
    return dflt;
}

/* A go whose only limits were not numbers (go movetime abc) searches this
 * long, not until stop. */
#define GO_DEFAULT_MS 1000

/* One of go's numbers: false, with a word, when it is not a number (the
 * word is then ignored). */
static bool go_int(const char *what, const char *s, long lo, long hi, long *out, bool *bad)
{
    if (read_int(what, s, lo, hi, out))
        return true;
    session_printf("info string %s: '%.*s%s' is not a whole number; ignored\n", what, SESSION_SHOWN(s ? s : ""));
    *bad = true;
    return false;
}

static void cmd_uci(Uci *u, int n, char **w)
{
    (void)u, (void)n, (void)w;
    char vars[512] = "";
    for (int i = 0; variant_defs[i]; i++) {
        strcat(vars, " var ");
        strcat(vars, variant_defs[i]->id);
    }
    session_printf("id name Kage %s\nid author the Kage developers\n"
                   "option name UCI_Variant type combo default shinobiplus%s\n"
                   "option name Hash type spin default 16 min 1 max 4096\n"
                   "option name Threads type spin default 1 min 1 max %d\n"
                   "option name Level type spin default 10 min 1 max 10\n"
                   "uciok\n",
                   PACKAGE_VERSION, vars, ENGINE_MAX_THREADS);
}

static void cmd_isready(Uci *u, int n, char **w)
{
    (void)u, (void)n, (void)w;
    session_printf("readyok\n");
}

static void cmd_ucinewgame(Uci *u, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&u->s);
    engine_new_game(u->s.engine);
    session_set_position(&u->s, NULL, NULL, 0, &(KageError){0});
}

/* setoption name SearchParam value NAME=N: one of the search's numbers,
 * for a tuner (tools/spsa.py); not listed by `uci`, as it is no player's
 * option.  A number outside the field's range is brought into it. */
static void set_search_param(Uci *u, const char *value)
{
    const char *eq = value ? strchr(value, '=') : NULL;
    char name[64];
    if (!eq || eq == value) {
        session_printf("info string SearchParam: expected NAME=N, got '%.*s%s'\n", SESSION_SHOWN(value ? value : ""));
        return;
    }
    if ((size_t)(eq - value) >= sizeof name) {
        session_printf("info string SearchParam: unknown number '%.*s%s'\n",
                       eq - value > SESSION_SHOWN_MAX ? SESSION_SHOWN_MAX : (int)(eq - value), value,
                       eq - value > SESSION_SHOWN_MAX ? "..." : "");
        return;
    }
    memcpy(name, value, (size_t)(eq - value));
    name[eq - value] = '\0';
    long v;
    int lo, hi;
    if (!engine_search_param_range(name, &lo, &hi)) {
        session_printf("info string SearchParam: unknown number '%s'\n", name);
        return;
    }
    char what[80];
    snprintf(what, sizeof what, "SearchParam %s", name);
    if (!read_int(what, eq + 1, lo, hi, &v)) {
        session_printf("info string SearchParam %s: '%.*s%s' is not a whole number; not set\n", name,
                       SESSION_SHOWN(eq + 1));
        return;
    }
    engine_set_search_param(u->s.engine, name, (int)v);
}

/* setoption name NAME [value VALUE] (names are case-insensitive) */
static void cmd_setoption(Uci *u, int n, char **w)
{
    if (n < 3 || strcmp(w[1], "name")) {
        session_printf("info string setoption: expected 'setoption name NAME value VALUE'\n");
        return;
    }
    const char *name = w[2], *value = n >= 5 && !strcmp(w[3], "value") ? w[4] : NULL;
    session_stop(&u->s);
    if (!strcasecmp(name, "UCI_Variant")) {
        if (!value || !session_set_variant(&u->s, value))
            session_printf("info string unknown variant '%.*s%s'\n", SESSION_SHOWN(value ? value : ""));
    } else if (!strcasecmp(name, "Hash")) {
        int mb = (int)parse_int("Hash", value, 1, 4096, 16);
        size_t got;
        Engine *old = u->s.engine;
        u->s.engine = session_engine((size_t)mb, &got);
        engine_take_search_params(u->s.engine, old);
        engine_set_threads(u->s.engine, engine_threads(old));
        engine_free(old);
        if (got < (size_t)mb)
            session_printf("info string Hash %d MB: not enough memory for it; %zu MB used\n", mb, got);
        u->s.hash_mb = got;
    } else if (!strcasecmp(name, "Threads")) {
        engine_set_threads(u->s.engine, (int)parse_int("Threads", value, 1, ENGINE_MAX_THREADS, 1));
    } else if (!strcasecmp(name, "Level")) {
        u->s.level = (int)parse_int("Level", value, 1, 10, 10);
    } else if (!strcasecmp(name, "SearchParam")) {
        set_search_param(u, value);
    } else {
        session_printf("info string unknown option '%.*s%s'\n", SESSION_SHOWN(name));
    }
}

/* position startpos|fen FEN... [moves M...] */
static void cmd_position(Uci *u, int n, char **w)
{
    int i = 1, moves = n;
    char fen[1024] = "startpos";
    if (n < 2) {
        session_printf("info string position: expected 'startpos' or 'fen'\n");
        return;
    }
    for (int k = 2; k < n; k++)
        if (!strcmp(w[k], "moves")) {
            moves = k;
            break;
        }
    if (!strcmp(w[i], "fen")) {
        fen[0] = 0;
        for (int k = 2; k < moves; k++) {
            if (strlen(fen) + strlen(w[k]) + 2 >= sizeof fen) {
                session_printf("info string position not set: the FEN is longer than %zu characters\n",
                               sizeof fen - 1);
                return;
            }
            if (k > 2)
                strcat(fen, " ");
            strcat(fen, w[k]);
        }
    } else if (strcmp(w[i], "startpos")) {
        session_printf("info string position: expected 'startpos' or 'fen', got '%.*s%s'\n", SESSION_SHOWN(w[i]));
        return;
    }
    KageError err = {{0}, -1};
    session_stop(&u->s);
    int nmoves = moves < n ? n - moves - 1 : 0;
    if (!session_set_position(&u->s, fen, w + moves + 1, nmoves, &err))
        session_printf("info string position not set: %s\n", err.msg);
}

/* A move in UCI: the coordinate text, and the pass (Cashew's Lion or Wolf
 * staying put, "@@@@" in XBoard) as UCI's null move 0000. */
static void uci_move_text(Position *pos, Move m, char *mv)
{
    if (move_kind(m) == MOVE_PASS)
        strcpy(mv, "0000");
    else
        move_to_text(pos, m, MOVE_FOR_PROTOCOL, mv);
}

static void report_info(void *ctx, const SearchInfo *info)
{
    Position *pos = ((Session *)ctx)->search_pos; /* the search thread's own copy */
    char line[8192], mv[MOVE_TEXT_MAX];
    int len = 0;
    /* the selective depth is the deepest ply reached, never less than the
     * nominal depth (a line cut short by the hash table reports less) */
    int seldepth = info->seldepth > info->depth ? info->seldepth : info->depth;
    if (info->mate_in)
        len = snprintf(line, sizeof line, "info depth %d seldepth %d score mate %d", info->depth, seldepth,
                       info->mate_in > 0 ? (info->mate_in + 1) / 2 : -((-info->mate_in + 1) / 2));
    else
        len = snprintf(line, sizeof line, "info depth %d seldepth %d score cp %d", info->depth, seldepth,
                       info->score_cp);
    len += snprintf(line + len, sizeof line - (size_t)len, " nodes %llu nps %llu time %d pv",
                    (unsigned long long)info->nodes, (unsigned long long)info->nps, info->time_ms);
    /* the PV is written from a copy played forward, so each move's text is right */
    int made = 0;
    for (int i = 0; i < info->pvlen && len < (int)sizeof line - MOVE_TEXT_MAX - 2; i++) {
        uci_move_text(pos, info->pv[i], mv);
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", mv);
        pos_make(pos, info->pv[i]);
        made++;
    }
    while (made--)
        pos_unmake(pos);
    session_printf("%s\n", line);
}

/* bestmove; where there is none (the game is over: mate, stalemate, a
 * campmate), first the score as engines send it: mate 0 for the side to
 * move that has lost, cp 0 for a draw */
static void report_best(Session *s, Move best)
{
    char mv[MOVE_TEXT_MAX] = "(none)";
    if (best) {
        uci_move_text(s->search_pos, best, mv);
    } else {
        GameResult r = game_result(s->search_pos);
        bool lost = r.outcome == (s->search_pos->side == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS);
        if (r.outcome == OUTCOME_NONE) { /* no move found, the game not over by the rules' count */
            MoveList legal;
            movegen_legal(s->search_pos, &legal);
            lost = !legal.count;
        }
        session_printf("info depth 0 score %s\n", lost ? "mate 0" : "cp 0");
    }
    session_printf("bestmove %s\n", mv);
}

/* go [depth D] [nodes N] [movetime T] [wtime T] [btime T] [winc T] [binc T]
 *    [movestogo N] [byoyomi T] [infinite] */
static void cmd_go(Uci *u, int n, char **w)
{
    SearchLimits lim = {0};
    lim.level = u->s.level;
    bool bad = false;
    for (int i = 1; i < n; i++) {
        const char *k = w[i], *v = i + 1 < n ? w[i + 1] : NULL;
        long big = 1L << 30, x;
        if (!strcmp(k, "infinite"))
            lim.infinite = true;
        else if (!strcmp(k, "depth"))
            lim.depth = go_int(k, v, 1, 100, &x, &bad) ? (int)x : lim.depth, i++;
        else if (!strcmp(k, "nodes"))
            lim.nodes = go_int(k, v, 1, LONG_MAX, &x, &bad) ? (uint64_t)x : lim.nodes, i++;
        else if (!strcmp(k, "movetime"))
            lim.movetime_ms = go_int(k, v, 1, big, &x, &bad) ? (int)x : lim.movetime_ms, i++;
        else if (!strcmp(k, "wtime") || !strcmp(k, "btime")) {
            Color c = k[0] == 'w' ? WHITE : BLACK;
            if (go_int(k, v, 0, big, &x, &bad))
                lim.time_ms[c] = (int)x, lim.clock = true;
            i++;
        } else if (!strcmp(k, "winc"))
            lim.inc_ms[WHITE] = go_int(k, v, 0, big, &x, &bad) ? (int)x : lim.inc_ms[WHITE], i++;
        else if (!strcmp(k, "binc"))
            lim.inc_ms[BLACK] = go_int(k, v, 0, big, &x, &bad) ? (int)x : lim.inc_ms[BLACK], i++;
        else if (!strcmp(k, "movestogo"))
            lim.moves_to_go = go_int(k, v, 0, 1000, &x, &bad) ? (int)x : lim.moves_to_go, i++;
        else if (!strcmp(k, "byoyomi"))
            lim.byoyomi_ms = go_int(k, v, 0, big, &x, &bad) ? (int)x : lim.byoyomi_ms, i++;
        else if (!strcmp(k, "ponder") || !strcmp(k, "searchmoves"))
            session_printf("info string go %s is not supported; ignored\n", k);
        else
            session_printf("info string go: unknown word '%.*s%s' ignored\n", SESSION_SHOWN(k));
    }
    if (bad && !lim.infinite && !lim.depth && !lim.nodes && !lim.movetime_ms && !lim.clock) {
        lim.movetime_ms = GO_DEFAULT_MS;
        session_printf("info string go: no limit left; %d ms used\n", GO_DEFAULT_MS);
    }
    session_go(&u->s, &lim, report_info, report_best, &u->s);
}

static void cmd_stop(Uci *u, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&u->s);
}

static void cmd_quit(Uci *u, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&u->s);
    u->quit = true;
}

/* d: the game's position, which a running search does not touch (it
 * searches a copy): answered at once, so that `stop` is read next. */
static void cmd_d(Uci *u, int n, char **w)
{
    (void)n, (void)w;
    char fen[1024];
    pos_get_fen(u->s.pos, fen, sizeof fen);
    session_printf("info string variant %s fen %s\n", u->s.def->id, fen);
}

static const UciCommand commands[] = {
    {"uci", cmd_uci, "identify the engine and list its options"},
    {"isready", cmd_isready, "answer readyok"},
    {"ucinewgame", cmd_ucinewgame, "forget the last game"},
    {"setoption", cmd_setoption, "setoption name UCI_Variant|Hash|Threads|Level value V"},
    {"position", cmd_position, "position startpos|fen FEN [moves M...]"},
    {"go", cmd_go, "go [depth|nodes|movetime|wtime|btime|winc|binc|movestogo|byoyomi N] [infinite]"},
    {"stop", cmd_stop, "stop searching and give the best move"},
    {"quit", cmd_quit, "leave"},
    {"d", cmd_d, "show the variant and FEN of the current position"},
};

/* A line longer than the protocol's limit: said, not read. */
static void uci_long_line(void *ctx, const char *line)
{
    (void)ctx;
    session_printf("info string line too long (over %u bytes): not read: %.*s%s\n", SESSION_LINE_MAX,
                   SESSION_SHOWN(line));
}

/* One command line, to its command. */
static void uci_line(void *ctx, int n, char **w)
{
    Uci *u = ctx;
    for (int i = 0; i < N_ELEMS(commands); i++)
        if (!strcmp(w[0], commands[i].name)) {
            commands[i].run(u, n, w);
            return;
        }
    session_printf("info string unknown command: %.*s%s\n", SESSION_SHOWN(w[0]));
}

int uci_run(FILE *in, size_t hash_mb)
{
    Uci *u = xcalloc(1, sizeof *u);
    session_init(&u->s, hash_mb);
    session_serve(in, &u->quit, uci_line, uci_long_line, u);
    session_free(&u->s);
    free(u);
    return 0;
}
