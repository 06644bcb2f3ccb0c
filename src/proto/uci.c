/* UCI as Fairy-Stockfish speaks it: the variant is the UCI_Variant option,
 * moves are FSF's coordinate text (e2e4, e6e7+, J@c3; XBoard's multi-leg
 * text for Cashew), and the search runs on a thread so that `stop` works.
 * Commands are one table; each handler gets the words of its line. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "session.h"

#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

#define MAX_WORDS 1024

typedef struct Uci {
    Session s;
    bool quit;
} Uci;

typedef struct UciCommand {
    const char *name;
    void (*run)(Uci *u, int n, char **w);
    const char *help;
} UciCommand;

static int parse_int(const char *s, int lo, int hi, int dflt)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || end == s)
        return dflt;
    return v < lo ? lo : v > hi ? hi : (int)v;
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
                   "option name Level type spin default 10 min 1 max 10\n"
                   "uciok\n",
                   PACKAGE_VERSION, vars);
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
            session_printf("info string unknown variant '%s'\n", value ? value : "");
    } else if (!strcasecmp(name, "Hash")) {
        int mb = parse_int(value, 1, 4096, 16);
        engine_free(u->s.engine);
        u->s.engine = engine_new((size_t)mb);
        u->s.hash_mb = (size_t)mb;
    } else if (!strcasecmp(name, "Level")) {
        u->s.level = parse_int(value, 1, 10, 10);
    } else {
        session_printf("info string unknown option '%s'\n", name);
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
            if (strlen(fen) + strlen(w[k]) + 2 >= sizeof fen)
                break;
            if (k > 2)
                strcat(fen, " ");
            strcat(fen, w[k]);
        }
    } else if (strcmp(w[i], "startpos")) {
        session_printf("info string position: expected 'startpos' or 'fen', got '%s'\n", w[i]);
        return;
    }
    KageError err = {{0}, -1};
    session_stop(&u->s);
    int nmoves = moves < n ? n - moves - 1 : 0;
    if (!session_set_position(&u->s, fen, w + moves + 1, nmoves, &err))
        session_printf("info string position not set: %s\n", err.msg);
}

static void report_info(void *ctx, const SearchInfo *info)
{
    Position *pos = ((Session *)ctx)->search_pos; /* the search thread's own copy */
    char line[8192], mv[MOVE_TEXT_MAX];
    int len = 0;
    if (info->mate_in)
        len = snprintf(line, sizeof line, "info depth %d seldepth %d score mate %d", info->depth, info->seldepth,
                       info->mate_in > 0 ? (info->mate_in + 1) / 2 : -((-info->mate_in + 1) / 2));
    else
        len = snprintf(line, sizeof line, "info depth %d seldepth %d score cp %d", info->depth, info->seldepth,
                       info->score_cp);
    len += snprintf(line + len, sizeof line - (size_t)len, " nodes %llu nps %llu time %d pv",
                    (unsigned long long)info->nodes, (unsigned long long)info->nps, info->time_ms);
    /* the PV is written from a copy played forward, so each move's text is right */
    int made = 0;
    for (int i = 0; i < info->pvlen && len < (int)sizeof line - MOVE_TEXT_MAX - 2; i++) {
        move_to_text(pos, info->pv[i], MOVE_FOR_PROTOCOL, mv);
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", mv);
        pos_make(pos, info->pv[i]);
        made++;
    }
    while (made--)
        pos_unmake(pos);
    session_printf("%s\n", line);
}

static void report_best(Session *s, Move best)
{
    char mv[MOVE_TEXT_MAX] = "(none)";
    if (best)
        move_to_text(s->search_pos, best, MOVE_FOR_PROTOCOL, mv);
    session_printf("bestmove %s\n", mv);
}

/* go [depth D] [nodes N] [movetime T] [wtime T] [btime T] [winc T] [binc T]
 *    [movestogo N] [byoyomi T] [infinite] */
static void cmd_go(Uci *u, int n, char **w)
{
    SearchLimits lim = {0};
    lim.level = u->s.level;
    for (int i = 1; i < n; i++) {
        const char *k = w[i], *v = i + 1 < n ? w[i + 1] : NULL;
        int big = 1 << 30;
        if (!strcmp(k, "infinite"))
            lim.infinite = true;
        else if (!strcmp(k, "depth"))
            lim.depth = parse_int(v, 1, 100, 0), i++;
        else if (!strcmp(k, "nodes"))
            lim.nodes = v ? strtoull(v, NULL, 10) : 0, i++;
        else if (!strcmp(k, "movetime"))
            lim.movetime_ms = parse_int(v, 1, big, 0), i++;
        else if (!strcmp(k, "wtime"))
            lim.time_ms[WHITE] = parse_int(v, 0, big, 0), i++;
        else if (!strcmp(k, "btime"))
            lim.time_ms[BLACK] = parse_int(v, 0, big, 0), i++;
        else if (!strcmp(k, "winc"))
            lim.inc_ms[WHITE] = parse_int(v, 0, big, 0), i++;
        else if (!strcmp(k, "binc"))
            lim.inc_ms[BLACK] = parse_int(v, 0, big, 0), i++;
        else if (!strcmp(k, "movestogo"))
            lim.moves_to_go = parse_int(v, 0, 1000, 0), i++;
        else if (!strcmp(k, "byoyomi"))
            lim.byoyomi_ms = parse_int(v, 0, big, 0), i++;
        else if (!strcmp(k, "ponder") || !strcmp(k, "searchmoves"))
            session_printf("info string go %s is not supported; ignored\n", k);
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

static void cmd_d(Uci *u, int n, char **w)
{
    (void)n, (void)w;
    char fen[1024];
    session_wait(&u->s);
    pos_get_fen(u->s.pos, fen, sizeof fen);
    session_printf("info string variant %s fen %s\n", u->s.def->id, fen);
}

static const UciCommand commands[] = {
    {"uci", cmd_uci, "identify the engine and list its options"},
    {"isready", cmd_isready, "answer readyok"},
    {"ucinewgame", cmd_ucinewgame, "forget the last game"},
    {"setoption", cmd_setoption, "setoption name UCI_Variant|Hash|Level value V"},
    {"position", cmd_position, "position startpos|fen FEN [moves M...]"},
    {"go", cmd_go, "go [depth|nodes|movetime|wtime|btime|winc|binc|movestogo|byoyomi N] [infinite]"},
    {"stop", cmd_stop, "stop searching and give the best move"},
    {"quit", cmd_quit, "leave"},
    {"d", cmd_d, "show the variant and FEN of the current position"},
};

int uci_run(FILE *in, size_t hash_mb)
{
    Uci *u = xcalloc(1, sizeof *u);
    session_init(&u->s, hash_mb);
    char *line = NULL, *w[MAX_WORDS];
    size_t cap = 0;
    while (!u->quit && getline(&line, &cap, in) >= 0) {
        int n = session_split(line, w, MAX_WORDS);
        if (n == 0)
            continue;
        int i;
        for (i = 0; i < N_ELEMS(commands); i++)
            if (!strcmp(w[0], commands[i].name)) {
                commands[i].run(u, n, w);
                break;
            }
        if (i == N_ELEMS(commands))
            session_printf("info string unknown command: %s\n", w[0]);
    }
    free(line);
    session_free(&u->s);
    free(u);
    return 0;
}
