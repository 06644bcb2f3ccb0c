/* The games being played, refereed here: every move is read and checked by
 * the rules core in the server's own position, stored, then sent to both
 * players and the watchers; the clocks run here; draw offers, resignation,
 * flags and abandoned games end a game here, and only here.
 *
 * A move is played only once it is stored.  When it cannot be (a full
 * disk) it is refused, the game is "stalled" with its clocks stopped, and
 * both players are told why; the next move that can be stored goes on. */
#include "server_internal.h"

#include "kage/rules/notation.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RESULT_RETRY_MS 2000

static bool match_abort(Server *s, Match *m, const char *why, KageError *err);

typedef struct MatchText {
    char (*text)[NET_MOVE_MAX];
    int n, cap;
} MatchText;

/* The protocol text of each move, beside the match (the Game keeps Moves). */
static MatchText *texts_of(const Match *m) { return (MatchText *)(m + 1); }

static Match *match_alloc(void) { return xcalloc(1, sizeof(Match) + sizeof(MatchText)); }

static void text_push(Match *m, const char *t)
{
    MatchText *x = texts_of(m);
    if (x->n == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 64;
        x->text = xrealloc(x->text, (size_t)x->cap * sizeof *x->text);
    }
    snprintf(x->text[x->n++], NET_MOVE_MAX, "%s", t);
}

static void match_free(Match *m)
{
    game_free(m->game);
    free(texts_of(m)->text);
    free(m->subs);
    free(m);
}

void match_free_all(Server *s)
{
    for (int i = 0; i < s->nmatches; i++)
        match_free(s->matches[i]);
    free(s->matches);
    s->matches = NULL;
    s->nmatches = s->matches_cap = 0;
}

static void match_add(Server *s, Match *m)
{
    if (s->nmatches == s->matches_cap) {
        s->matches_cap = s->matches_cap ? 2 * s->matches_cap : 32;
        s->matches = xrealloc(s->matches, (size_t)s->matches_cap * sizeof *s->matches);
    }
    s->matches[s->nmatches++] = m;
}

static void match_remove(Server *s, Match *m)
{
    for (int i = 0; i < s->nmatches; i++)
        if (s->matches[i] == m) {
            s->matches[i] = s->matches[--s->nmatches];
            break;
        }
    match_free(m);
}

static int colour_of(const Match *m, const char *name)
{
    return !strcmp(m->player[WHITE], name) ? WHITE : !strcmp(m->player[BLACK], name) ? BLACK : -1;
}

/* --- what the followers are told ---------------------------------------------------- */

/* A line to every connection following m (over a copy of the list: a
 * follower that does not read is closed on the way, and leaves it). */
static void match_broadcast(Server *s, Match *m, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void match_broadcast(Server *s, Match *m, const char *fmt, ...)
{
    char line[NET_SERVER_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || n > NET_SERVER_LINE_MAX || m->nsubs == 0)
        return;
    int k = m->nsubs, *subs = xmalloc((size_t)k * sizeof *subs);
    memcpy(subs, m->subs, (size_t)k * sizeof *subs);
    for (int i = 0; i < k; i++) {
        Conn *c = conn_by_id(s, subs[i]);
        if (c)
            conn_send_line(s, c, line, (size_t)n);
    }
    free(subs);
}

static void clock_words(const Match *m, char w[NET_CLOCK_MAX], char b[NET_CLOCK_MAX], const char **run)
{
    if (!clock_enabled(&m->clock)) {
        snprintf(w, NET_CLOCK_MAX, "-");
        snprintf(b, NET_CLOCK_MAX, "-");
        *run = "-";
        return;
    }
    ClockSide ws = clock_side_now(&m->clock, WHITE), bs = clock_side_now(&m->clock, BLACK);
    net_clock_format(&ws, w, NET_CLOCK_MAX);
    net_clock_format(&bs, b, NET_CLOCK_MAX);
    *run = m->clock.state == CLOCK_RUNNING ? net_colour_name(m->clock.turn) : "-";
}

static void state_line(const Server *s, const Match *m, char *buf, size_t size)
{
    char w[NET_CLOCK_MAX], b[NET_CLOCK_MAX];
    const char *run;
    clock_words(m, w, b, &run);
    snprintf(buf, size, "state %lld %d %s %s %s %d %d %s %d", (long long)m->id, m->game->rec.nmoves, w, b, run,
             server_player_conns(s, m->player[WHITE]) > 0, server_player_conns(s, m->player[BLACK]) > 0,
             m->draw_offer < 0 ? "-" : net_colour_name((Color)m->draw_offer), m->stalled);
}

/* The whole game to one connection: what it is, its moves, its state. */
static void send_game(Server *s, Match *m, Conn *c)
{
    char tc[NET_TC_MAX], line[NET_SERVER_LINE_MAX + 1];
    int role = colour_of(m, c->name);
    net_tc_format(&m->tc, tc, sizeof tc);
    conn_send(s, c, "game %lld %s %s %s %s %s %lld%s", (long long)m->id, m->game->v->def->id, tc, m->player[WHITE],
              m->player[BLACK], role < 0 ? "watch" : net_colour_name((Color)role), (long long)(m->started / 1000),
              m->rated ? " rated" : "");
    const MatchText *x = texts_of(m);
    for (int from = 0; from < x->n; from += NET_MOVES_PER_LINE) {
        int n = snprintf(line, sizeof line, "moves %lld %d", (long long)m->id, from);
        for (int k = from; k < x->n && k < from + NET_MOVES_PER_LINE; k++)
            n += snprintf(line + n, sizeof line - (size_t)n, " %s", x->text[k]);
        conn_send(s, c, "%s", line);
    }
    state_line(s, m, line, sizeof line);
    conn_send(s, c, "%s", line);
    if (m->stalled)
        conn_send(s, c, "stalled %lld 1 %s", (long long)m->id, m->stalled_why);
    chat_game_history(s, c, m->id, role >= 0);
}

/* Who watches m (its followers who do not play it), to its followers:
 * "watchers GID N NAME..." (each player once, the first few named). */
static void watchers_told(Server *s, Match *m)
{
    char line[NET_SERVER_LINE_MAX + 1];
    int n = 0, len = 0;
    for (int k = 0; k < m->nsubs; k++) {
        const Conn *c = conn_by_id(s, m->subs[k]);
        if (!c || !c->hello || colour_of(m, c->name) >= 0)
            continue;
        bool seen = false;
        for (int j = 0; j < k && !seen; j++) {
            const Conn *d = conn_by_id(s, m->subs[j]);
            seen = d && d->hello && !strcmp(d->name, c->name);
        }
        if (seen)
            continue;
        if (n < WATCHERS_LISTED)
            len += snprintf(line + len, sizeof line - (size_t)len, " %s", c->name);
        n++;
    }
    match_broadcast(s, m, "watchers %lld %d%s", (long long)m->id, n, len ? line : "");
}

void match_follow(Server *s, Match *m, Conn *c)
{
    bool joined = c->game != m->id;
    if (joined) {
        match_unfollow(s, c);
        if (m->nsubs == m->subs_cap) {
            m->subs_cap = m->subs_cap ? 2 * m->subs_cap : 4;
            m->subs = xrealloc(m->subs, (size_t)m->subs_cap * sizeof *m->subs);
        }
        m->subs[m->nsubs++] = c->id;
        c->game = m->id;
    }
    send_game(s, m, c);
    if (joined && c->hello && colour_of(m, c->name) < 0) { /* a watcher more */
        watchers_told(s, m);
        lobby_presence(s, c->name);
    }
}

void match_unfollow(Server *s, Conn *c)
{
    if (!c->game)
        return;
    Match *left = NULL;
    for (int i = 0; i < s->nmatches; i++) {
        Match *m = s->matches[i];
        if (m->id != c->game)
            continue;
        for (int k = 0; k < m->nsubs; k++)
            if (m->subs[k] == c->id) {
                m->subs[k] = m->subs[--m->nsubs];
                left = m;
                break;
            }
    }
    c->game = 0;
    if (left && !left->ended && c->hello && colour_of(left, c->name) < 0) { /* a watcher less */
        watchers_told(s, left);
        if (!c->dead)
            lobby_presence(s, c->name);
    }
}

void match_presence(Server *s, const char *name)
{
    Match *m = match_of_player(s, name);
    if (!m)
        return;
    int col = colour_of(m, name);
    bool here = server_player_conns(s, name) > 0;
    if (here == (m->away[col] < 0))
        return;
    m->away[col] = here ? -1 : server_now(s);
    server_log(s, "game %lld: %s %s", (long long)m->id, name, here ? "is back" : "is away");
    if (here)
        match_broadcast(s, m, "conn %lld %s 1", (long long)m->id, net_colour_name((Color)col));
    else /* and how long they have on their turn to come back */
        match_broadcast(s, m, "conn %lld %s 0 %d", (long long)m->id, net_colour_name((Color)col), s->cfg.abandon_s);
    if (here && m->clock_waits && col == (int)m->game->pos->side) {
        /* a restarted server: the clocks start once the player to move is here */
        m->clock_waits = false;
        m->turn_since = server_now(s);
        clock_start(&m->clock, m->game->pos->side);
        char line[300];
        state_line(s, m, line, sizeof line);
        match_broadcast(s, m, "%s", line);
    }
}

/* --- starting, ending, restoring ---------------------------------------------------- */

static Match *match_make(Server *s, int64_t id, Game *g, const TimeControl *tc, const char *white, const char *black,
                         int64_t started)
{
    Match *m = match_alloc();
    m->id = id;
    m->game = g;
    m->tc = *tc;
    clock_init(&m->clock, tc, s->cfg.now, s->cfg.now_ctx);
    snprintf(m->player[WHITE], sizeof m->player[WHITE], "%s", white);
    snprintf(m->player[BLACK], sizeof m->player[BLACK], "%s", black);
    m->started = started;
    m->draw_offer = -1;
    int64_t now = server_now(s);
    for (int c = 0; c < 2; c++)
        m->away[c] = server_player_conns(s, m->player[c]) > 0 ? -1 : now;
    m->turn_since = now;
    match_add(s, m);
    return m;
}

Match *match_start(Server *s, const VariantDef *def, const TimeControl *tc, const char *white, const char *black,
                   bool rated, KageError *err)
{
    char tcs[NET_TC_MAX];
    net_tc_format(tc, tcs, sizeof tcs);
    Game *g = game_new(def, NULL, err);
    if (!g)
        return NULL;
    int64_t id, started = server_wall(s);
    if (!store_game_new(s->store, def->id, tcs, white, black, started, &id, err)) {
        server_log(s, "a game of %s against %s could not begin: %s", white, black, err->msg);
        game_free(g);
        return NULL;
    }
    if (rated && !store_game_set_rated(s->store, id, err)) {
        server_log(s, "game %lld could not be made rated: %s", (long long)id, err->msg);
        store_result(s->store, id, "*", "none", started, err); /* it never began */
        game_free(g);
        return NULL;
    }
    Match *m = match_make(s, id, g, tc, white, black, started);
    m->rated = rated;
    server_log(s, "game %lld: %s, %s against %s, clock %s%s", (long long)id, def->id, white, black, tcs,
               rated ? ", rated" : "");
    return m;
}

/* Store m's result; false (to try again later) when it cannot be. */
static bool store_end(Server *s, Match *m)
{
    KageError err;
    GameResult r = m->game->rec.result;
    if (store_result(s->store, m->id, game_outcome_text(r.outcome), net_reason_name(r.reason), server_wall(s), &err))
        return true;
    server_log(s, "game %lld: %s; trying again in %d s", (long long)m->id, err.msg, RESULT_RETRY_MS / 1000);
    m->retry_at = server_now(s) + RESULT_RETRY_MS;
    return false;
}

/* An ended game (m->ended) is followed by no one any more; its players and
 * its watchers are idle again, for the lobby.  (The followers' ids stay in
 * m->subs past nsubs while they are told: nothing here follows a game.) */
static void release_followers(Server *s, Match *m)
{
    int n = m->nsubs;
    m->nsubs = 0;
    for (int i = 0; i < n; i++) {
        Conn *c = conn_by_id(s, m->subs[i]);
        if (c)
            c->game = 0;
    }
    lobby_presence(s, m->player[WHITE]);
    lobby_presence(s, m->player[BLACK]);
    for (int i = 0; i < n; i++) {
        Conn *c = conn_by_id(s, m->subs[i]);
        if (c && c->hello && colour_of(m, c->name) < 0)
            lobby_presence(s, c->name);
    }
}

/* A rated game's result moves both players' ratings (Glicko-2, a rating
 * period of one game); the lobby and the game's followers are told. */
static void rate(Server *s, Match *m, GameResult r)
{
    const char *variant = m->game->v->def->id, *const name[2] = {m->player[WHITE], m->player[BLACK]};
    Rating before[2], after[2];
    KageError err;
    for (int c = 0; c < 2; c++)
        if (!store_rating_get(s->store, name[c], variant, &before[c], &err)) {
            server_log(s, "game %lld: the ratings were not changed: %s", (long long)m->id, err.msg);
            return;
        }
    double white_score = r.outcome == OUTCOME_WHITE_WINS ? 1.0 : r.outcome == OUTCOME_DRAW ? 0.5 : 0.0;
    double score[2] = {white_score, 1.0 - white_score};
    for (int c = 0; c < 2; c++)
        after[c] = rating_update(before[c], &before[!c], &score[c], 1, RATING_TAU);
    if (!store_ratings_put(s->store, variant, name, after, &err)) {
        server_log(s, "game %lld: the ratings were not changed: %s", (long long)m->id, err.msg);
        return;
    }
    server_log(s, "game %lld: %s %.0f -> %.0f, %s %.0f -> %.0f (%s)", (long long)m->id, name[WHITE], before[WHITE].r,
               after[WHITE].r, name[BLACK], before[BLACK].r, after[BLACK].r, variant);
    /* to the lobby's followers and to both players, wherever they are */
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < s->nconns; i++) {
            Conn *k = s->conns[i];
            if (k && !k->dead && k->hello && (k->lobby || !strcmp(k->name, name[WHITE]) || !strcmp(k->name, name[BLACK])))
                conn_send(s, k, "rating %s %s %.0f %.0f %d", name[c], variant, after[c].r, after[c].rd, after[c].games);
        }
}

/* The result is stored: the ratings move, and the match goes. */
static void match_stored(Server *s, Match *m)
{
    GameResult r = m->game->rec.result;
    if (m->rated && r.outcome != OUTCOME_NONE)
        rate(s, m, r); /* after the result is stored: a restart never counts a game twice */
    match_remove(s, m);
}

/* The game is over with result r: everyone is told, it is stored, it goes. */
static void match_end(Server *s, Match *m, GameResult r)
{
    if (m->ended)
        return;
    if (m->clock.state != CLOCK_STOPPED)
        clock_stop(&m->clock);
    if (r.reason == END_TIME || r.reason == END_ABANDONED || r.reason == END_RESIGNATION || r.reason == END_AGREED_DRAW)
        game_end_by(m->game, r);
    r = m->game->rec.result;
    m->ended = true;
    m->draw_offer = -1;
    m->stalled = false;
    char line[300];
    state_line(s, m, line, sizeof line);
    match_broadcast(s, m, "%s", line);
    const char *res = game_outcome_text(r.outcome), *why = net_reason_name(r.reason);
    match_broadcast(s, m, "end %lld %s %s", (long long)m->id, res, why);
    lobby_broadcast(s, "over %lld %s %s", (long long)m->id, res, why);
    server_log(s, "game %lld: %s %s after %d moves", (long long)m->id, res, why, m->game->rec.nmoves);
    release_followers(s, m);
    if (store_end(s, m))
        match_stored(s, m);
}

static GameResult loss(Color loser, EndReason why)
{
    return (GameResult){loser == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS, why};
}

bool match_restore(Server *s, KageError *err)
{
    StoredGame *gs;
    int n = store_running(s->store, &gs, err);
    if (n < 0)
        return false;
    int64_t now = server_now(s);
    for (int i = 0; i < n; i++) {
        StoredGame *sg = &gs[i];
        const VariantDef *def = variant_find(sg->variant);
        TimeControl tc;
        KageError e;
        Game *g = def ? game_new(def, NULL, &e) : NULL;
        if (!g || !net_tc_parse(sg->tc, &tc, &e)) {
            server_log(s, "game %lld: not restored: %s", (long long)sg->id, g ? e.msg : "unknown variant");
            game_free(g);
            continue;
        }
        bool ok = true;
        for (int k = 0; k < sg->plies && ok; k++) {
            Move mv;
            ok = move_from_text(g->pos, sg->moves[k], MOVE_FOR_PROTOCOL, &mv, &e) && !game_over(g);
            if (ok)
                game_play(g, mv);
        }
        if (!ok) {
            server_log(s, "game %lld: not restored: move %d (%s) is not legal there", (long long)sg->id,
                       g->rec.nmoves + 1, sg->moves[g->rec.nmoves]);
            game_free(g);
            continue;
        }
        Match *m = match_make(s, sg->id, g, &tc, sg->white, sg->black, sg->started);
        m->rated = store_game_is_rated(s->store, sg->id);
        for (int k = 0; k < sg->plies; k++)
            text_push(m, sg->moves[k]);
        ClockSide cs[2];
        if (clock_enabled(&m->clock) && sg->plies > 1 && net_clock_parse(sg->last_clock[WHITE], &cs[WHITE]) &&
            net_clock_parse(sg->last_clock[BLACK], &cs[BLACK])) {
            /* the clocks as the last move left them: the time the server was
             * down is no one's */
            m->clock.side[WHITE] = cs[WHITE];
            m->clock.side[BLACK] = cs[BLACK];
            m->clock_waits = true; /* until the player to move is back (match_presence) */
        }
        m->away[WHITE] = m->away[BLACK] = now;
        server_log(s, "game %lld: restored (%s, %s against %s, %d moves)", (long long)m->id, def->id, m->player[WHITE],
                   m->player[BLACK], sg->plies);
        if (game_over(g)) /* the last move ended it, and the end was not stored */
            match_end(s, m, g->rec.result);
    }
    store_games_free(gs, n);
    return true;
}

int match_tick(Server *s)
{
    int64_t now = server_now(s), next = -1, abandon = (int64_t)s->cfg.abandon_s * 1000;
#define SOONER(t)                              \
    do {                                       \
        int64_t t_ = (t);                      \
        if (next < 0 || t_ < next)             \
            next = t_ < 0 ? 0 : t_;            \
    } while (0)
    for (int i = 0; i < s->nmatches; i++) {
        Match *m = s->matches[i];
        if (m->ended) { /* its result waits to be stored */
            if (now >= m->retry_at) {
                if (store_end(s, m)) {
                    match_stored(s, m);
                    i--;
                    continue;
                }
            }
            SOONER(m->retry_at - now);
            continue;
        }
        if (m->stalled)
            continue; /* its clocks wait for the disk */
        if (m->game->rec.nmoves < 2) { /* a player who does not make a first move: the game never began */
            int64_t due = m->turn_since + FIRST_MOVE_MS;
            if (now >= due) {
                char why[120];
                KageError err;
                snprintf(why, sizeof why, "%s made no first move in %d s", m->player[m->game->pos->side],
                         FIRST_MOVE_MS / 1000);
                if (match_abort(s, m, why, &err)) {
                    i = -1; /* the list changed */
                    continue;
                }
                server_log(s, "game %lld: %s", (long long)m->id, err.msg);
            } else
                SOONER(due - now);
        }
        if (clock_enabled(&m->clock) && m->clock.state == CLOCK_RUNNING) {
            int f = clock_check_flag(&m->clock);
            if (f >= 0) {
                match_end(s, m, loss((Color)f, END_TIME));
                i = -1; /* the list changed: again from the start (ended games are skipped) */
                continue;
            }
            SOONER(clock_ms_to_flag(&m->clock) + 1);
        }
        Color side = m->game->pos->side;
        if (m->away[side] >= 0) {
            int64_t from = m->away[side] > m->turn_since ? m->away[side] : m->turn_since;
            if (now >= from + abandon) {
                server_log(s, "game %lld: %s abandoned it", (long long)m->id, m->player[side]);
                match_end(s, m, loss(side, END_ABANDONED));
                i = -1;
                continue;
            }
            SOONER(from + abandon - now);
        }
    }
#undef SOONER
    return next > 1000000000 ? 1000000000 : (int)next;
}

/* --- the players' commands ---------------------------------------------------------- */

/* The running game named by arg in which c plays, and c's colour; NULL
 * (said to c) if there is none. */
static Match *my_match(Server *s, Conn *c, const char *arg, int *col)
{
    int64_t id;
    Match *m = net_id_parse(arg, &id) ? match_by_id(s, id) : NULL;
    if (!m) {
        conn_error(s, c, "not-found", "no game %.20s is being played", arg);
        return NULL;
    }
    *col = colour_of(m, c->name);
    if (*col < 0) {
        conn_error(s, c, "state", "you do not play in game %lld", (long long)id);
        return NULL;
    }
    return m;
}

void cmd_move(Server *s, Conn *c, const NetMsg *msg)
{
    int col;
    int64_t ply;
    Match *m = my_match(s, c, msg->arg[0], &col);
    if (!m)
        return;
    Game *g = m->game;
    if (!net_int_parse(msg->arg[1], 0, 100000, &ply)) {
        conn_error(s, c, "args", "'%.20s' is not a ply number", msg->arg[1]);
        return;
    }
    if (!m->stalled && clock_enabled(&m->clock) && m->clock.state == CLOCK_RUNNING) {
        int f = clock_check_flag(&m->clock);
        if (f >= 0) { /* the flag fell before the move came */
            match_end(s, m, loss((Color)f, END_TIME));
            return;
        }
    }
    if ((int)g->pos->side != col) {
        conn_error(s, c, "turn", "not your move: %s is to move", m->player[g->pos->side]);
        return;
    }
    if (ply != g->rec.nmoves) {
        conn_error(s, c, "ply", "the game is at ply %d, not %lld", g->rec.nmoves, (long long)ply);
        match_follow(s, m, c); /* the game again, and its updates from now on */
        return;
    }
    Move mv;
    KageError err;
    if (!move_from_text(g->pos, msg->arg[2], MOVE_FOR_PROTOCOL, &mv, &err)) {
        conn_error(s, c, "illegal", "%s", err.msg);
        return;
    }
    char text[MOVE_TEXT_MAX];
    move_to_text(g->pos, mv, MOVE_FOR_PROTOCOL, text);
    /* the clocks as they will be after the move, for the record */
    Clock after = m->clock;
    if (clock_enabled(&after) && ply > 0) {
        /* as on pychess.org, no clock runs before its side's first move:
         * the first player's starts with the second player's first move
         * (the limit to start is FIRST_MOVE_MS, in match_tick) */
        if (after.state == CLOCK_STOPPED) /* the second move (or the first since a restart) */
            clock_start(&after, !col);
        else
            clock_press(&after);
    }
    Match probe = *m;
    probe.clock = after;
    char w[NET_CLOCK_MAX], b[NET_CLOCK_MAX];
    const char *run;
    clock_words(&probe, w, b, &run);
    bool timed = clock_enabled(&after);
    if (!store_move(s->store, m->id, (int)ply, text, timed ? w : "", timed ? b : "", server_wall(s), &err)) {
        conn_error(s, c, "storage", "the move was not played: %s. The clocks wait until moves can be stored again.",
                   err.msg);
        if (!m->stalled) {
            m->stalled = true;
            snprintf(m->stalled_why, sizeof m->stalled_why, "the server cannot store moves: %.300s", err.msg);
            clock_pause(&m->clock);
            server_log(s, "game %lld: stalled: %s", (long long)m->id, err.msg);
            match_broadcast(s, m, "stalled %lld 1 %s", (long long)m->id, m->stalled_why);
        }
        return;
    }
    if (m->stalled) {
        m->stalled = false;
        m->stalled_why[0] = 0;
        server_log(s, "game %lld: moves are stored again", (long long)m->id);
        match_broadcast(s, m, "stalled %lld 0", (long long)m->id);
    }
    m->clock = after;
    game_play(g, mv);
    text_push(m, text);
    m->draw_offer = -1;
    m->turn_since = server_now(s);
    s->moves_relayed++;
    match_broadcast(s, m, "move %lld %lld %s %s %s %s", (long long)m->id, (long long)ply, text, w, b, run);
    if (game_over(g))
        match_end(s, m, g->rec.result);
}

void cmd_resign(Server *s, Conn *c, const NetMsg *msg)
{
    int col;
    Match *m = my_match(s, c, msg->arg[0], &col);
    if (m)
        match_end(s, m, loss((Color)col, END_RESIGNATION));
}

/* Called off before a player's own first move, as on pychess.org and
 * lichess: no result, no rating, nothing kept (the game, its moves and its
 * chat leave the database); false and why when it cannot be removed. */
static bool match_abort(Server *s, Match *m, const char *why, KageError *err)
{
    if (!store_game_delete(s->store, m->id, err))
        return false;
    if (m->clock.state != CLOCK_STOPPED)
        clock_stop(&m->clock);
    m->ended = true;
    m->draw_offer = -1;
    char line[300];
    state_line(s, m, line, sizeof line);
    match_broadcast(s, m, "%s", line);
    match_broadcast(s, m, "end %lld * aborted", (long long)m->id);
    lobby_broadcast(s, "over %lld * aborted", (long long)m->id);
    server_log(s, "game %lld: aborted: %s", (long long)m->id, why);
    release_followers(s, m);
    match_remove(s, m);
    return true;
}

void cmd_abort(Server *s, Conn *c, const NetMsg *msg)
{
    int col;
    Match *m = my_match(s, c, msg->arg[0], &col);
    if (!m)
        return;
    if (m->game->rec.nmoves > col) { /* white has moved at ply 0, black at ply 1 */
        conn_error(s, c, "state", "too late to abort game %lld: you have moved (resign, or offer a draw)",
                   (long long)m->id);
        return;
    }
    char why[80];
    snprintf(why, sizeof why, "by %s", c->name);
    KageError err;
    if (!match_abort(s, m, why, &err))
        conn_error(s, c, "storage", "%s", err.msg);
}

void cmd_draw(Server *s, Conn *c, const NetMsg *msg)
{
    int col;
    Match *m = my_match(s, c, msg->arg[0], &col);
    if (!m)
        return;
    const char *what = msg->arg[1];
    bool offered = m->draw_offer == !col;
    if (!strcmp(what, "offer") || !strcmp(what, "accept")) {
        if (offered) {
            match_end(s, m, (GameResult){OUTCOME_DRAW, END_AGREED_DRAW});
        } else if (!strcmp(what, "accept")) {
            conn_error(s, c, "state", "%s has not offered a draw", m->player[!col]);
        } else if (m->draw_offer == col) {
            conn_error(s, c, "state", "your draw offer stands until %s answers or a move is made", m->player[!col]);
        } else {
            m->draw_offer = col;
            match_broadcast(s, m, "draw %lld %s", (long long)m->id, net_colour_name((Color)col));
        }
    } else if (!strcmp(what, "decline")) {
        if (!offered) {
            conn_error(s, c, "state", "%s has not offered a draw", m->player[!col]);
            return;
        }
        m->draw_offer = -1;
        match_broadcast(s, m, "draw %lld none", (long long)m->id);
    } else
        conn_error(s, c, "args", "draw GAME offer, accept or decline");
}

void cmd_watch(Server *s, Conn *c, const NetMsg *msg)
{
    int64_t id;
    Match *m = net_id_parse(msg->arg[0], &id) ? match_by_id(s, id) : NULL;
    if (!m) {
        conn_error(s, c, "not-found", "no game %.20s is being played", msg->arg[0]);
        return;
    }
    Match *mine = match_of_player(s, c->name);
    if (mine && mine != m) {
        conn_error(s, c, "state", "you are playing game %lld: finish it first", (long long)mine->id);
        return;
    }
    match_follow(s, m, c);
}

void cmd_leave(Server *s, Conn *c, const NetMsg *msg)
{
    int64_t id;
    if (!net_id_parse(msg->arg[0], &id) || c->game != id) {
        conn_error(s, c, "state", "you do not follow game %.20s", msg->arg[0]);
        return;
    }
    match_unfollow(s, c);
    conn_send(s, c, "ok leave %lld", (long long)id);
}

void cmd_sync(Server *s, Conn *c, const NetMsg *msg)
{
    int64_t id;
    Match *m = net_id_parse(msg->arg[0], &id) ? match_by_id(s, id) : NULL;
    if (!m) {
        conn_error(s, c, "not-found", "no game %.20s is being played", msg->arg[0]);
        return;
    }
    if (c->game != m->id && colour_of(m, c->name) < 0) {
        conn_error(s, c, "state", "you do not follow game %lld (watch it first)", (long long)id);
        return;
    }
    match_follow(s, m, c);
}
