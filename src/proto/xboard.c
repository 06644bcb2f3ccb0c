/* XBoard/CECP version 2.  The engine plays one colour (or none, in force
 * mode); moves are FSF's coordinate text (e7e8+ for a shogi promotion, J@c3
 * for a drop) and XBoard's multi-leg text for Cashew (e5f6,f6g7).  Commands
 * are one table; each handler gets the words of its line. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "session.h"

#include "kage/rules/gameend.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

#define MAX_WORDS 256
#define NO_COLOR (-1)

typedef struct Xb {
    Session s;
    int engine_color;    /* the side the engine plays, NO_COLOR in force mode */
    bool post, quit;
    int mps;             /* moves per time control, 0 = whole game */
    int base_ms, inc_ms; /* from `level` */
    int st_ms, sd;       /* fixed time per move, depth limit (0 = none) */
    int time_cs, otim_cs;/* clocks from `time` and `otim`, -1 = not sent */
} Xb;

typedef struct XbCommand {
    const char *name;
    void (*run)(Xb *x, int n, char **w);
    const char *help;
} XbCommand;

/* --- game end and the engine's move ------------------------------------------ */

/* Print the result line if the game is over; true if it is. */
static bool announce_result(Position *pos)
{
    GameResult r = game_result(pos);
    if (r.outcome == OUTCOME_NONE)
        return false;
    const char *who = r.outcome == OUTCOME_WHITE_WINS ? "White wins" : r.outcome == OUTCOME_BLACK_WINS ? "Black wins" : "Draw";
    session_printf("%s {%s by %s}\n", game_outcome_text(r.outcome), who, game_reason_text(r.reason));
    return true;
}

static void report_info(void *ctx, const SearchInfo *info)
{
    Xb *x = ctx;
    if (!x->post)
        return;
    Position *pos = x->s.search_pos;
    char line[4096], mv[MOVE_TEXT_MAX];
    int score = info->mate_in > 0 ? 100000 + (info->mate_in + 1) / 2
                : info->mate_in < 0 ? -100000 - (-info->mate_in + 1) / 2 : info->score_cp;
    int len = snprintf(line, sizeof line, "%d %d %d %llu", info->depth, score, info->time_ms / 10,
                       (unsigned long long)info->nodes);
    int made = 0;
    for (int i = 0; i < info->pvlen && len < (int)sizeof line - MOVE_TEXT_MAX - 2; i++, made++) {
        move_to_text(pos, info->pv[i], MOVE_FOR_PROTOCOL, mv);
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", mv);
        pos_make(pos, info->pv[i]);
    }
    while (made--)
        pos_unmake(pos);
    session_printf("%s\n", line);
}

/* On the search thread: play the move in the game and announce it.  The
 * main thread touches the game only after waiting for this thread. */
static void play_best(Session *s, Move best)
{
    char mv[MOVE_TEXT_MAX];
    if (!best)
        return;
    move_to_text(s->pos, best, MOVE_FOR_PROTOCOL, mv);
    session_play(s, best);
    session_printf("move %s\n", mv);
    announce_result(s->pos);
}

static void think(Xb *x)
{
    SearchLimits lim = {0};
    Color us = x->s.pos->side;
    lim.level = x->s.level;
    lim.depth = x->sd;
    if (x->st_ms)
        lim.movetime_ms = x->st_ms;
    else {
        lim.time_ms[us] = x->time_cs >= 0 ? x->time_cs * 10 : x->base_ms;
        lim.time_ms[!us] = x->otim_cs >= 0 ? x->otim_cs * 10 : x->base_ms;
        lim.inc_ms[us] = lim.inc_ms[!us] = x->inc_ms;
        if (x->mps)
            lim.moves_to_go = x->mps - (x->s.pos->ply / 2) % x->mps;
    }
    session_go(&x->s, &lim, report_info, play_best, x);
}

/* After a change to the game: the engine moves if it is its turn. */
static void maybe_think(Xb *x)
{
    if (x->engine_color == (int)x->s.pos->side && game_result(x->s.pos).outcome == OUTCOME_NONE)
        think(x);
}

/* --- commands ------------------------------------------------------------------ */

static void cmd_ignore(Xb *x, int n, char **w) { (void)x, (void)n, (void)w; }

static void cmd_protover(Xb *x, int n, char **w)
{
    (void)x, (void)n, (void)w;
    char vars[256] = "";
    for (int i = 0; variant_defs[i]; i++) {
        if (i)
            strcat(vars, ",");
        strcat(vars, strcmp(variant_defs[i]->id, "cashew") ? variant_defs[i]->id : "cashew-shogi");
    }
    session_printf("feature myname=\"Kage %s\" variants=\"%s\" setboard=1 usermove=1 ping=1 memory=1 "
                   "sigint=0 sigterm=0 colors=0 analyze=0 reuse=1 done=1\n",
                   PACKAGE_VERSION, vars);
}

static void cmd_new(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&x->s);
    session_set_variant(&x->s, "shinobiplus");
    engine_new_game(x->s.engine);
    x->engine_color = BLACK;
    x->sd = 0;
    x->st_ms = 0;
    x->time_cs = x->otim_cs = -1;
}

static void cmd_variant(Xb *x, int n, char **w)
{
    session_stop(&x->s);
    if (n < 2 || !session_set_variant(&x->s, w[1]))
        session_printf("Error (unsupported variant): %s\n", n < 2 ? "" : w[1]);
}

static void cmd_force(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&x->s);
    x->engine_color = NO_COLOR;
}

static void cmd_go(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&x->s);
    x->engine_color = x->s.pos->side;
    maybe_think(x);
}

static void cmd_playother(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&x->s);
    x->engine_color = !x->s.pos->side;
}

static void cmd_setboard(Xb *x, int n, char **w)
{
    char fen[512] = "";
    for (int i = 1; i < n; i++) {
        if (strlen(fen) + strlen(w[i]) + 2 >= sizeof fen)
            break;
        if (i > 1)
            strcat(fen, " ");
        strcat(fen, w[i]);
    }
    KageError err = {{0}, -1};
    session_stop(&x->s);
    if (n < 2 || !session_set_position(&x->s, fen, NULL, 0, &err))
        session_printf("tellusererror Illegal position: %s\n", n < 2 ? "no FEN" : err.msg);
}

static void play_user_move(Xb *x, const char *text)
{
    Move m;
    KageError err = {{0}, -1};
    session_stop(&x->s);
    if (!move_from_text(x->s.pos, text, MOVE_FOR_PROTOCOL, &m, &err)) {
        session_printf("Illegal move: %s\n", text);
        return;
    }
    session_play(&x->s, m);
    if (!announce_result(x->s.pos))
        maybe_think(x);
}

static void cmd_usermove(Xb *x, int n, char **w)
{
    if (n < 2)
        session_printf("Error (no move given): usermove\n");
    else
        play_user_move(x, w[1]);
}

static void cmd_move_now(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&x->s);
}

static void cmd_undo(Xb *x, int n, char **w)
{
    int k = !strcmp(w[0], "remove") ? 2 : 1;
    (void)n;
    session_stop(&x->s);
    if (!session_take_back(&x->s, k))
        session_printf("Error (no move to take back): %s\n", w[0]);
}

static void cmd_result(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&x->s);
    x->engine_color = NO_COLOR;
}

/* "5", "0:30" or "1:30" minutes[:seconds] as milliseconds */
static int parse_minutes(const char *s)
{
    char *end;
    double min = strtod(s, &end), sec = *end == ':' ? strtod(end + 1, NULL) : 0;
    double ms = (min * 60 + sec) * 1000;
    return ms < 0 ? 0 : ms > 1e9 ? 1000000000 : (int)ms;
}

static void cmd_level(Xb *x, int n, char **w)
{
    if (n < 4) {
        session_printf("Error (expected: level MPS BASE INC): level\n");
        return;
    }
    x->mps = atoi(w[1]) > 0 ? atoi(w[1]) : 0;
    x->base_ms = parse_minutes(w[2]);
    double inc = strtod(w[3], NULL);
    x->inc_ms = inc > 0 && inc < 1e6 ? (int)(inc * 1000) : 0;
    x->st_ms = 0;
}

static void cmd_st(Xb *x, int n, char **w)
{
    double sec = n > 1 ? strtod(w[1], NULL) : 0;
    x->st_ms = sec > 0 && sec < 1e6 ? (int)(sec * 1000) : 0;
}

static void cmd_sd(Xb *x, int n, char **w) { x->sd = n > 1 && atoi(w[1]) > 0 ? (atoi(w[1]) < 100 ? atoi(w[1]) : 100) : 0; }

static int centis(int n, char **w) { return n > 1 && atoi(w[1]) > 0 ? atoi(w[1]) : 0; }

static void cmd_time(Xb *x, int n, char **w) { x->time_cs = centis(n, w); }

static void cmd_otim(Xb *x, int n, char **w) { x->otim_cs = centis(n, w); }

static void cmd_ping(Xb *x, int n, char **w)
{
    session_wait(&x->s); /* pong comes after the move being thought about */
    session_printf("pong %s\n", n > 1 ? w[1] : "");
}

static void cmd_post(Xb *x, int n, char **w)
{
    (void)n;
    x->post = !strcmp(w[0], "post");
}

static void cmd_memory(Xb *x, int n, char **w)
{
    int mb = n > 1 ? atoi(w[1]) : 16;
    session_stop(&x->s);
    engine_free(x->s.engine);
    x->s.engine = engine_new((size_t)(mb < 1 ? 1 : mb > 4096 ? 4096 : mb));
}

static void cmd_quit(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_stop(&x->s);
    x->quit = true;
}

static const XbCommand commands[] = {
    {"xboard", cmd_ignore, "enter XBoard mode"},
    {"protover", cmd_protover, "protover N: list features"},
    {"new", cmd_new, "new game in the default variant; the engine plays Black"},
    {"variant", cmd_variant, "variant NAME"},
    {"force", cmd_force, "the engine plays neither side"},
    {"go", cmd_go, "the engine plays the side to move, starting now"},
    {"playother", cmd_playother, "the engine plays the side not to move"},
    {"setboard", cmd_setboard, "setboard FEN"},
    {"usermove", cmd_usermove, "usermove MOVE"},
    {"?", cmd_move_now, "move now"},
    {"undo", cmd_undo, "take back one move"},
    {"remove", cmd_undo, "take back two moves"},
    {"result", cmd_result, "result RESULT {comment}: the game is over"},
    {"level", cmd_level, "level MPS BASE INC"},
    {"st", cmd_st, "st SECONDS per move"},
    {"sd", cmd_sd, "sd DEPTH"},
    {"time", cmd_time, "time CENTISECONDS on the engine's clock"},
    {"otim", cmd_otim, "otim CENTISECONDS on the opponent's clock"},
    {"ping", cmd_ping, "ping N: answer pong N"},
    {"post", cmd_post, "show thinking"},
    {"nopost", cmd_post, "hide thinking"},
    {"memory", cmd_memory, "memory MB for the hash table"},
    {"quit", cmd_quit, "leave"},
    {"accepted", cmd_ignore, ""}, {"rejected", cmd_ignore, ""}, {"hard", cmd_ignore, ""},
    {"easy", cmd_ignore, ""},     {"random", cmd_ignore, ""},   {"computer", cmd_ignore, ""},
    {"name", cmd_ignore, ""},     {"rating", cmd_ignore, ""},   {"ics", cmd_ignore, ""},
    {"draw", cmd_ignore, ""},     {"white", cmd_ignore, ""},    {"black", cmd_ignore, ""},
    {".", cmd_ignore, ""},        {"hint", cmd_ignore, ""},     {"bk", cmd_ignore, ""},
};

int xboard_run(FILE *in, size_t hash_mb)
{
    Xb *x = xcalloc(1, sizeof *x);
    session_init(&x->s, hash_mb);
    x->engine_color = BLACK;
    x->post = true;
    x->base_ms = 5 * 60 * 1000;
    x->time_cs = x->otim_cs = -1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    char *line = NULL, *w[MAX_WORDS];
    size_t cap = 0;
    while (!x->quit && getline(&line, &cap, in) >= 0) {
        int n = session_split(line, w, MAX_WORDS);
        if (n == 0)
            continue;
        int i;
        for (i = 0; i < N_ELEMS(commands); i++)
            if (!strcmp(w[0], commands[i].name)) {
                commands[i].run(x, n, w);
                break;
            }
        if (i < N_ELEMS(commands))
            continue;
        /* a bare move (people typing); anything else is unknown */
        Move m;
        KageError err = {{0}, -1};
        session_stop(&x->s);
        if (move_from_text(x->s.pos, w[0], MOVE_FOR_PROTOCOL, &m, &err) || strstr(err.msg, "illegal"))
            play_user_move(x, w[0]);
        else
            session_printf("Error (unknown command): %s\n", w[0]);
    }
    free(line);
    session_free(&x->s);
    free(x);
    return 0;
}
