/* XBoard/CECP version 2.  The engine plays one colour (or none, in force
 * mode); moves are FSF's coordinate text (e7e8+ for a shogi promotion, J@c3
 * for a drop) and XBoard's multi-leg text for Cashew (e5f6,f6g7).  Commands
 * are one table; each handler gets the words of its line. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "session.h"
#include "xboard_board.h"

#include "kage/rules/gameend.h"
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

#define NO_COLOR (-1)

typedef struct Xb {
    Session s;
    int engine_color;    /* the side the engine plays, NO_COLOR in force mode */
    bool post, quit;
    int mps;             /* moves per time control, 0 = whole game */
    int base_ms, inc_ms; /* from `level` */
    int st_ms, sd;       /* fixed time per move, depth limit (0 = none) */
    int time_cs, otim_cs;/* clocks from `time` and `otim`, -1 = not sent */
    int hash_mb;         /* the hash table's size, for the Hash option */
    long hash_pending;   /* a size asked for while Kage thought of its move: set after it (0: none) */
    int cores_pending;   /* threads asked for (cores) while a search ran: set after it (0: none) */
    bool chosen;         /* the GUI chose the variant with `variant` (new then repeats its setup) */
    bool normal;         /* after `new` without `variant`: normal chess, which Kage does not play */
    bool analyzing;      /* analyze mode: an endless search of the position, no move played */
    _Atomic bool scored; /* the last search's score, for a draw offer (set on the search thread) */
    _Atomic int score_cp, mate_in;
    XbEntry entry;       /* the move the user is entering, for the highlights */
    char last_line[4096];/* the thinking line printed last (on the search thread) */
    /* what `.` reports of the analysis: written on the search thread */
    pthread_mutex_t stat_mu;
    int stat_depth, stat_total;
    unsigned long long stat_nodes;
    int64_t stat_start_ms;
    char stat_move[MOVE_TEXT_MAX];
} Xb;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

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
    x->scored = true; /* read by the main thread only after the search has ended */
    x->score_cp = info->score_cp;
    x->mate_in = info->mate_in;
    if (!x->post && !x->analyzing)
        return;
    Position *pos = x->s.search_pos;
    char line[4096], mv[MOVE_TEXT_MAX];
    if (x->analyzing) {
        pthread_mutex_lock(&x->stat_mu);
        x->stat_depth = info->depth;
        x->stat_nodes = (unsigned long long)info->nodes;
        if (info->pvlen)
            move_to_text(pos, info->pv[0], MOVE_FOR_PROTOCOL, x->stat_move);
        pthread_mutex_unlock(&x->stat_mu);
    }
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
    /* the search reports once more as it ends: the same line again when
     * the last iteration was complete, which XBoard would list twice */
    if (!strcmp(line, x->last_line))
        return;
    snprintf(x->last_line, sizeof x->last_line, "%s", line);
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

/* Moves XBoard refuses although the rules allow them, which the engine
 * does not play there unless it has nothing else: pawn drops on the first
 * and last ranks in every variant with holdings (its crazyhouse rule;
 * Shogun and the vchess Shinobi allow them on the first), and in Cashew,
 * where the King may be left attacked (it is then captured), a move that
 * does so (XBoard's Chu rules forbid it: "Forfeit due to invalid move"),
 * and a move of three legs (a Wolf taking two pieces on its line): XBoard
 * 4.9 keeps two legs and passes on another move ("j8i9,i9h10,h10g11+"
 * reached the other engine as "j8i9,i9h10,h10i9"), and an igui that
 * promotes (a Lion or Wolf taking a neighbour without moving: XBoard 4.9
 * refused "i4j5,j5i4+" in a CI game between two Kages, "Forfeit due to
 * invalid move: i4i4+ (i4i4 via j5)").
 * nlegal: how many legal moves there are. */
static int xboard_refused(Xb *x, Move *out, int max, int *nlegal)
{
    MoveList list;
    Position *pos = x->s.pos;
    const Variant *v = pos->v;
    Color us = pos->side;
    int n = 0;
    movegen_legal(pos, &list);
    *nlegal = list.count;
    for (int i = 0; i < list.count && n < max; i++) {
        Move m = list.moves[i];
        /* two pieces taken on the way: three legs */
        if (move_kind(m) == MOVE_LOCUST && move_locust_mask(m) == 3) {
            out[n++] = m;
        } else if (move_kind(m) == MOVE_DROP && (v->type[move_drop_type(m)].def->flags & PF_PAWN)) {
            int rank = v->rank_of[move_to(m)];
            if (rank == 0 || rank == v->ranks - 1)
                out[n++] = m;
        } else if (!v->def->check_rule && pos->king[us]) {
            bool igui = move_kind(m) == MOVE_LOCUST && move_from(m) == move_to(m);
            Piece was = pos_at(pos, move_from(m));
            pos_make(pos, m);
            if ((pos->king[us] && pos_attacked(pos, pos->king[us], !us)) || (igui && pos_at(pos, move_to(m)) != was))
                out[n++] = m;
            pos_unmake(pos);
        }
    }
    return n;
}

static void think(Xb *x)
{
    SearchLimits lim = {0};
    static Move avoid[MAX_MOVES];
    int nlegal;
    lim.navoid = xboard_refused(x, avoid, MAX_MOVES, &nlegal);
    lim.avoid = avoid;
    if (nlegal && lim.navoid == nlegal) {
        /* every move is one XBoard refuses, which it would take as a
         * forfeit: in Cashew each leaves the King to be captured */
        session_printf("resign\n");
        return;
    }
    Color us = x->s.pos->side;
    lim.level = x->s.level;
    lim.depth = x->sd;
    if (x->st_ms)
        lim.movetime_ms = x->st_ms;
    else {
        lim.clock = true; /* a clock at zero: move at once */
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

static void analysis_done(Session *s, Move best) { (void)s, (void)best; }

/* Analyze mode: an endless search of the position now, its lines posted,
 * restarted whenever the position changes; it never plays. */
static void analyse(Xb *x)
{
    SearchLimits lim = {0};
    lim.level = 10;
    lim.infinite = true;
    if (game_result(x->s.pos).outcome != OUTCOME_NONE)
        return;
    MoveList list;
    movegen_legal(x->s.pos, &list);
    pthread_mutex_lock(&x->stat_mu);
    x->stat_depth = 0;
    x->stat_nodes = 0;
    x->stat_total = list.count;
    x->stat_start_ms = now_ms();
    x->stat_move[0] = 0;
    pthread_mutex_unlock(&x->stat_mu);
    session_go(&x->s, &lim, report_info, analysis_done, x);
}

/* `.` in analyze mode: a status line for XBoard's analysis window (time in
 * centiseconds, nodes, depth, moves left at the root, moves in all, and the
 * best move so far), from the last completed iteration. */
static void cmd_stat(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    if (!x->analyzing)
        return;
    pthread_mutex_lock(&x->stat_mu);
    long long cs = (now_ms() - x->stat_start_ms) / 10;
    session_printf("stat01: %lld %llu %d 0 %d%s%s\n", cs, x->stat_nodes, x->stat_depth, x->stat_total,
                   x->stat_move[0] ? " " : "", x->stat_move);
    pthread_mutex_unlock(&x->stat_mu);
}

/* After a change to the game: analyse it again, or move if it is the
 * engine's turn. */
static void after_change(Xb *x)
{
    if (x->analyzing)
        analyse(x);
    else
        maybe_think(x);
}

/* --- commands ------------------------------------------------------------------ */

static void cmd_ignore(Xb *x, int n, char **w) { (void)x, (void)n, (void)w; }

/* lift: no marks while Kage thinks of its own move (a premove): the
 * position is then the search thread's, which plays the move in it */
static void cmd_lift(Xb *x, int n, char **w)
{
    if (n >= 2 && (x->analyzing || !session_busy(&x->s)))
        xboard_lift(&x->entry, x->s.def, x->s.pos, w[1]);
}

static void cmd_put(Xb *x, int n, char **w)
{
    if (n >= 2)
        xboard_put(&x->entry, x->s.v, w[1]);
}

static void cmd_protover(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    char vars[256] = "";
    for (int i = 0; variant_defs[i]; i++) {
        if (i)
            strcat(vars, ",");
        strcat(vars, variant_defs[i]->xboard_name ? variant_defs[i]->xboard_name : variant_defs[i]->id);
    }
    session_printf("feature myname=\"Kage %s\" variants=\"%s\" setboard=1 usermove=1 ping=1 memory=1 smp=1 "
                   "sigint=0 sigterm=0 colors=0 analyze=1 draw=1 highlight=1 reuse=1\n",
                   PACKAGE_VERSION, vars);
    session_printf("feature option=\"Level -spin %d 1 10\"\n", x->s.level >= 1 && x->s.level <= 10 ? x->s.level : 10);
    session_printf("feature option=\"Hash -spin %d 1 4096\"\n", x->hash_mb);
    session_printf("feature done=1\n");
}

/* new: a new game of normal chess, as the protocol says, unless a
 * `variant` command follows (XBoard sends one at once for every other
 * variant).  Kage does not play normal chess: until `variant` comes, what
 * would play or set a position is refused with "Error (unsupported
 * variant): normal" (see needs_variant), rather than a game of the variant
 * chosen last given to a GUI that set up normal chess.  The board is the
 * start of that variant meanwhile; the engine plays Black, no limits. */
static void cmd_new(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->normal = true;
    session_set_variant(&x->s, x->s.def->id);
    x->analyzing = false;
    if (x->chosen) /* never for the default: XBoard would take that board before `variant` comes */
        xboard_send_setup(x->s.def);
    engine_new_game(x->s.engine);
    x->engine_color = BLACK;
    x->sd = 0;
    x->st_ms = 0;
    x->time_cs = x->otim_cs = -1;
}

static void cmd_variant(Xb *x, int n, char **w)
{
    session_abort(&x->s);
    if (n < 2 || !session_set_variant(&x->s, w[1])) {
        session_printf("Error (unsupported variant): %.*s%s\n", SESSION_SHOWN(n < 2 ? "" : w[1]));
        return;
    }
    x->chosen = true;
    x->normal = false;
    xboard_send_setup(x->s.def);
    if (x->analyzing)
        analyse(x);
}

static void cmd_force(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->engine_color = NO_COLOR;
}

static void cmd_go(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->analyzing = false;
    x->engine_color = x->s.pos->side;
    /* a game that is over (set up at its end): the result, which XBoard
     * cannot always tell itself (a campmate), or it waits for a move */
    if (!announce_result(x->s.pos))
        maybe_think(x);
}

static void cmd_playother(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->analyzing = false;
    x->engine_color = !x->s.pos->side;
}

/* XBoard's FENs: "[-]" for an empty hand, and castling rights its editor
 * keeps although the king or rook has left (".../4K3[-] w KQkq - 0 1").
 * The hand is read as empty, and each right the position cannot have is
 * dropped, as the error names it; anything else wrong is refused. */
static bool set_position_leniently(Xb *x, char *fen, KageError *err)
{
    char *hand = strstr(fen, "[-]");
    if (hand)
        memmove(hand + 1, hand + 2, strlen(hand + 2) + 1);
    for (int tries = 0; tries < 16; tries++) {
        if (session_set_position(&x->s, fen, NULL, 0, err))
            return true;
        const char *c = strstr(err->msg, "castling right ");
        if (!c)
            return false;
        char right = c[strlen("castling right ")];
        /* the castling field: the third word */
        char *field = strchr(fen, ' ');
        field = field ? strchr(field + 1, ' ') : NULL;
        if (!field)
            return false;
        field++;
        char *end = strchr(field, ' ');
        char *at = memchr(field, right, end ? (size_t)(end - field) : strlen(field));
        if (!at)
            return false;
        memmove(at, at + 1, strlen(at + 1) + 1);
        if (*field == ' ' || !*field) { /* no right left: "-" */
            memmove(field + 1, field, strlen(field) + 1);
            *field = '-';
        }
    }
    return false;
}

static void cmd_setboard(Xb *x, int n, char **w)
{
    char fen[512] = "";
    for (int i = 1; i < n; i++) {
        if (strlen(fen) + strlen(w[i]) + 2 >= sizeof fen) {
            session_printf("tellusererror Illegal position: the FEN is longer than %zu characters\n", sizeof fen - 1);
            return;
        }
        if (i > 1)
            strcat(fen, " ");
        strcat(fen, w[i]);
    }
    KageError err = {{0}, -1};
    session_abort(&x->s);
    if (n < 2 || !set_position_leniently(x, fen, &err)) {
        session_printf("tellusererror Illegal position: %s\n", n < 2 ? "no FEN" : err.msg);
        return;
    }
    if (x->analyzing)
        analyse(x);
}

/* Kage is thinking of its own move: a line that is not a command of the
 * protocol must not cost it that move (only '?' and the commands that
 * change the game stop it). */
static bool thinking_own_move(Xb *x) { return !x->analyzing && session_busy(&x->s); }

static void play_user_move(Xb *x, const char *text)
{
    Move m;
    KageError err = {{0}, -1};
    if (thinking_own_move(x)) {
        session_printf("Illegal move (not your turn: Kage is thinking of its move): %.*s%s\n", SESSION_SHOWN(text));
        return;
    }
    session_abort(&x->s);
    if (!move_from_text(x->s.pos, text, MOVE_FOR_PROTOCOL, &m, &err)) {
        session_printf("Illegal move: %.*s%s\n", SESSION_SHOWN(text));
        return;
    }
    /* a move that promotes is written with its '+': Cashew's text is read
     * by what the move does, but a GUI or opponent that left the '+' out
     * (HaChu's optional promotions) keeps the piece unpromoted on its board */
    char own[MOVE_TEXT_MAX];
    size_t len = strlen(text), olen = (size_t)move_to_text(x->s.pos, m, MOVE_FOR_PROTOCOL, own);
    if (olen && own[olen - 1] == '+' && (!len || text[len - 1] != '+')) {
        session_printf("Illegal move (it promotes: %s): %.*s%s\n", own, SESSION_SHOWN(text));
        return;
    }
    session_play(&x->s, m);
    if (!announce_result(x->s.pos))
        after_change(x);
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
    if (!x->analyzing)
        session_stop(&x->s); /* the only stop that plays the move found */
}

static void cmd_undo(Xb *x, int n, char **w)
{
    int k = !strcmp(w[0], "remove") ? 2 : 1;
    (void)n;
    session_abort(&x->s);
    if (!session_take_back(&x->s, k))
        session_printf("Error (no move to take back): %s\n", w[0]);
    else if (x->analyzing)
        analyse(x);
}

static void cmd_result(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->engine_color = NO_COLOR;
}

/* The longest clock or time control taken: 100 days in milliseconds fits
 * an int ten times over, so no sum or product of these overflows. */
#define MAX_CLOCK_MS 864000000L

/* "5", "0:30" or "1:30": minutes[:seconds] as milliseconds; false if the
 * text is not that, or longer than MAX_CLOCK_MS. */
static bool parse_minutes(const char *s, int *ms)
{
    char min[32];
    const char *colon = strchr(s, ':');
    double m, sec = 0;
    snprintf(min, sizeof min, "%.*s", colon ? (int)(colon - s) : (int)strlen(s), s);
    if (!session_decimal(min, 0, MAX_CLOCK_MS / 60000.0, &m) || (colon && !session_decimal(colon + 1, 0, 59.999, &sec)))
        return false;
    double v = (m * 60 + sec) * 1000;
    if (v > MAX_CLOCK_MS)
        return false;
    *ms = (int)v;
    return true;
}

/* level MPS BASE INC; anything else is an error, and the time control stays */
static void cmd_level(Xb *x, int n, char **w)
{
    long mps;
    int base;
    double inc;
    if (n < 4 || !session_number(w[1], 0, 100000, &mps) || !parse_minutes(w[2], &base) ||
        !session_decimal(w[3], 0, 86400, &inc)) {
        session_printf("Error (expected: level MPS BASE INC, as in level 40 5 0 or level 0 2:30 1): %s%s%.*s%s%s%.*s%s%s%.*s%s\n",
                       w[0], n > 1 ? " " : "", SESSION_SHOWN(n > 1 ? w[1] : ""), n > 2 ? " " : "",
                       SESSION_SHOWN(n > 2 ? w[2] : ""), n > 3 ? " " : "", SESSION_SHOWN(n > 3 ? w[3] : ""));
        return;
    }
    x->mps = (int)mps;
    x->base_ms = base;
    x->inc_ms = (int)(inc * 1000);
    x->st_ms = 0;
}

static void cmd_st(Xb *x, int n, char **w)
{
    double sec;
    if (n < 2 || !session_decimal(w[1], 0, MAX_CLOCK_MS / 1000.0, &sec)) {
        session_printf("Error (expected: st SECONDS): %s %.*s%s\n", w[0], SESSION_SHOWN(n > 1 ? w[1] : ""));
        return;
    }
    x->st_ms = (int)(sec * 1000);
}

static void cmd_sd(Xb *x, int n, char **w)
{
    long d;
    if (n < 2 || !session_number(w[1], 0, 100, &d)) {
        session_printf("Error (expected: sd DEPTH, 0 to 100): %s %.*s%s\n", w[0], SESSION_SHOWN(n > 1 ? w[1] : ""));
        return;
    }
    x->sd = (int)d;
}

/* time and otim: centiseconds, at most MAX_CLOCK_MS; anything else is an
 * error and the clock is taken as unknown (-1: the level's time) */
static int centis(int n, char **w)
{
    long cs;
    if (n < 2 || !session_number(w[1], LONG_MIN, LONG_MAX, &cs)) {
        session_printf("Error (expected: %s CENTISECONDS): %s %.*s%s\n", w[0], w[0], SESSION_SHOWN(n > 1 ? w[1] : ""));
        return -1;
    }
    return cs < 0 ? 0 : cs > MAX_CLOCK_MS / 10 ? (int)(MAX_CLOCK_MS / 10) : (int)cs; /* behind: none left */
}

static void cmd_time(Xb *x, int n, char **w) { x->time_cs = centis(n, w); }

static void cmd_otim(Xb *x, int n, char **w) { x->otim_cs = centis(n, w); }

static void cmd_ping(Xb *x, int n, char **w)
{
    if (!x->analyzing)
        session_wait(&x->s); /* pong comes after the move being thought about; analysing, at once */
    session_printf("pong %.*s%s\n", SESSION_SHOWN(n > 1 ? w[1] : ""));
}

static void cmd_post(Xb *x, int n, char **w)
{
    (void)n;
    x->post = !strcmp(w[0], "post");
}

/* A hash table of mb megabytes (clamped to 1..4096, and said so). */
static void set_hash(Xb *x, long mb, const char *asked)
{
    if (mb < 1 || mb > 4096)
        session_printf("telluser Hash %.*s%s MB: the hash table takes %d MB\n", SESSION_SHOWN(asked), mb < 1 ? 1 : 4096);
    mb = mb < 1 ? 1 : mb > 4096 ? 4096 : mb;
    if (thinking_own_move(x)) { /* the table is the search's: changed once the move is made */
        x->hash_pending = mb;
        return;
    }
    x->hash_pending = 0;
    session_abort(&x->s);
    int threads = engine_threads(x->s.engine);
    engine_free(x->s.engine);
    size_t got;
    x->s.engine = session_engine((size_t)mb, &got);
    engine_set_threads(x->s.engine, threads);
    if (got < (size_t)mb)
        session_printf("telluser Hash %ld MB: not enough memory for it; %zu MB used\n", mb, got);
    x->hash_mb = (int)got;
}

static void cmd_memory(Xb *x, int n, char **w)
{
    long mb;
    if (n < 2 || !session_number(w[1], 0, LONG_MAX, &mb)) {
        session_printf("Error (expected: memory MB): %s %.*s%s\n", w[0], SESSION_SHOWN(n > 1 ? w[1] : ""));
        return;
    }
    set_hash(x, mb, w[1]);
}

/* cores N: the threads a search may use (from the next search on) */
static void cmd_cores(Xb *x, int n, char **w)
{
    long v;
    if (n < 2 || !session_number(w[1], 1, ENGINE_MAX_THREADS, &v)) {
        session_printf("Error (expected: cores N, 1 to %d): %s %.*s%s\n", ENGINE_MAX_THREADS, w[0],
                       SESSION_SHOWN(n > 1 ? w[1] : ""));
        return;
    }
    x->cores_pending = (int)v;
    if (!session_busy(&x->s)) {
        engine_set_threads(x->s.engine, x->cores_pending);
        x->cores_pending = 0;
    }
}

static void cmd_analyze(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->engine_color = NO_COLOR;
    x->analyzing = true;
    analyse(x);
}

static void cmd_exit(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->analyzing = false;
}

static void hint_done(Session *s, Move best)
{
    char mv[MOVE_TEXT_MAX];
    if (!best)
        return;
    move_to_text(s->search_pos, best, MOVE_FOR_PROTOCOL, mv);
    session_printf("Hint: %s\n", mv);
}

/* hint: a short search of the position for the side to move */
static void cmd_hint(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    if (x->analyzing || session_busy(&x->s) || x->engine_color == (int)x->s.pos->side ||
        game_result(x->s.pos).outcome != OUTCOME_NONE)
        return; /* not while the engine thinks of its own move */
    SearchLimits lim = {0};
    lim.level = 10;
    lim.movetime_ms = 300;
    session_go(&x->s, &lim, NULL, hint_done, x);
    session_wait(&x->s);
}

/* draw: the opponent offers a draw; taken (by offering one back) when the
 * last search saw the game dead even.  While Kage thinks (when offers
 * come) the game is not over, and its position is the search thread's. */
static void cmd_draw(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    int cp = x->score_cp;
    if (x->scored && !x->mate_in && abs(cp) <= 15 &&
        (session_busy(&x->s) || game_result(x->s.pos).outcome == OUTCOME_NONE))
        session_printf("offer draw\n");
}

/* option NAME=VALUE for the options of `feature option` */
static void cmd_option(Xb *x, int n, char **w)
{
    long v;
    if (n >= 2 && !strncmp(w[1], "Level=", 6) && session_number(w[1] + 6, 1, 10, &v))
        x->s.level = (int)v;
    else if (n >= 2 && !strncmp(w[1], "Hash=", 5) && session_number(w[1] + 5, 0, LONG_MAX, &v))
        set_hash(x, v, w[1] + 5);
    else
        session_printf("Error (unknown option, or a value out of range: Level=1 to 10, Hash=MB): %s %.*s%s\n", w[0],
                       SESSION_SHOWN(n > 1 ? w[1] : ""));
}

static void cmd_quit(Xb *x, int n, char **w)
{
    (void)n, (void)w;
    session_abort(&x->s);
    x->quit = true;
}

static const XbCommand commands[] = {
    {"xboard", cmd_ignore, "enter XBoard mode"},
    {"protover", cmd_protover, "protover N: list features"},
    {"new", cmd_new, "new game: normal chess, which Kage does not play: send variant NAME after it"},
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
    {"cores", cmd_cores, "cores N: threads for the search"},
    {"analyze", cmd_analyze, "analyse the position until exit, restarting after each change"},
    {"exit", cmd_exit, "leave analyze mode"},
    {".", cmd_stat, "in analyze mode: a status line (stat01: time nodes depth left total move)"},
    {"hint", cmd_hint, "a hint: the best move found in 0.3 s"},
    {"draw", cmd_draw, "the opponent offers a draw"},
    {"option", cmd_option, "option Level=N"},
    {"lift", cmd_lift, "lift SQUARE: where the piece there can go (highlight)"},
    {"put", cmd_put, "put SQUARE: the piece put down"},
    {"hover", cmd_ignore, ""},
    {"quit", cmd_quit, "leave"},
    {"accepted", cmd_ignore, ""}, {"rejected", cmd_ignore, ""}, {"hard", cmd_ignore, ""},
    {"easy", cmd_ignore, ""},     {"random", cmd_ignore, ""},   {"computer", cmd_ignore, ""},
    {"name", cmd_ignore, ""},     {"rating", cmd_ignore, ""},   {"ics", cmd_ignore, ""},
    {"white", cmd_ignore, ""},    {"black", cmd_ignore, ""},    {"bk", cmd_ignore, ""},
};

/* After `new` without `variant` (normal chess): a command that would play
 * or set up a game (or a bare move, cmd NULL) is refused, said. */
static bool needs_variant(Xb *x, const char *cmd)
{
    static const char *const playing[] = {"go", "playother", "setboard", "usermove", "analyze", "hint"};
    if (!x->normal)
        return false;
    bool plays = true;
    for (int i = 0; i < N_ELEMS(commands); i++)
        if (!strcmp(cmd, commands[i].name))
            plays = false;
    for (int i = 0; i < N_ELEMS(playing); i++)
        if (!strcmp(cmd, playing[i]))
            plays = true;
    if (plays)
        session_printf("Error (unsupported variant): normal\n");
    return plays;
}

/* A line longer than the protocol's limit: said, not read. */
static void xboard_long_line(void *ctx, const char *line)
{
    (void)ctx;
    session_printf("Error (line too long: over %u bytes, not read): %.*s%s\n", SESSION_LINE_MAX, SESSION_SHOWN(line));
}

/* One line: a size or thread count asked for during the last search taken
 * first, then the command, or a bare move (people typing). */
static void xboard_line(void *ctx, int n, char **w)
{
    Xb *x = ctx;
    if (x->hash_pending && !thinking_own_move(x)) {
        long mb = x->hash_pending;
        char asked[24];
        snprintf(asked, sizeof asked, "%ld", mb);
        set_hash(x, mb, asked);
    }
    if (x->cores_pending && !session_busy(&x->s)) {
        engine_set_threads(x->s.engine, x->cores_pending);
        x->cores_pending = 0;
    }
    for (int i = 0; i < N_ELEMS(commands); i++)
        if (!strcmp(w[0], commands[i].name)) {
            if (!needs_variant(x, w[0]))
                commands[i].run(x, n, w);
            return;
        }
    /* a bare move (people typing); anything else is unknown */
    Move m;
    KageError err = {{0}, -1};
    if (thinking_own_move(x)) { /* the position is the search's until it moves */
        session_printf("Error (unknown command, or a move while Kage thinks of its own): %.*s%s\n", SESSION_SHOWN(w[0]));
        return;
    }
    if (needs_variant(x, w[0]))
        return;
    session_abort(&x->s);
    if (move_from_text(x->s.pos, w[0], MOVE_FOR_PROTOCOL, &m, &err) || strstr(err.msg, "illegal"))
        play_user_move(x, w[0]);
    else
        session_printf("Error (unknown command): %.*s%s\n", SESSION_SHOWN(w[0]));
}

int xboard_run(FILE *in, size_t hash_mb)
{
    Xb *x = xcalloc(1, sizeof *x);
    session_init(&x->s, hash_mb);
    pthread_mutex_init(&x->stat_mu, NULL);
    x->hash_mb = (int)hash_mb;
    x->engine_color = BLACK;
    x->post = true;
    x->base_ms = 5 * 60 * 1000;
    x->time_cs = x->otim_cs = -1;
    x->entry.put = -1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    session_serve(in, &x->quit, xboard_line, xboard_long_line, x);
    session_free(&x->s);
    pthread_mutex_destroy(&x->stat_mu);
    free(x);
    return 0;
}
