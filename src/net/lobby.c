/* A client's view of the lobby, kept from the server's messages (see
 * lobby.h).  Every handler reads its message's words into temporaries and
 * changes the view only once all of them are good. */
#include "kage/net/lobby.h"

#include "kage/records/pgn.h"
#include "kage/records/record.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void net_lobby_init(NetLobby *l)
{
    memset(l, 0, sizeof *l);
    l->game.role = l->record.role = -1;
    l->game.running = l->record.running = -1;
    l->game.draw_offer = l->record.draw_offer = -1;
}

void net_game_clear(NetGameView *g)
{
    free(g->moves);
    free(g->clocks);
    memset(g, 0, sizeof *g);
    g->role = g->running = g->draw_offer = -1;
}

void net_lobby_free(NetLobby *l)
{
    free(l->players);
    free(l->doing);
    free(l->challenges);
    free(l->live);
    free(l->past);
    free(l->ratings);
    free(l->top);
    net_game_clear(&l->game);
    net_game_clear(&l->record);
    net_lobby_init(l);
}

/* Room for one more in a growing array. */
#define GROW(arr, n, cap)                                                   \
    do {                                                                    \
        if ((n) == (cap)) {                                                 \
            (cap) = (cap) ? 2 * (cap) : 16;                                 \
            (arr) = xrealloc((arr), (size_t)(cap) * sizeof *(arr));         \
        }                                                                   \
    } while (0)

static int player_index(const NetLobby *l, const char *name)
{
    for (int i = 0; i < l->nplayers; i++)
        if (!strcmp(l->players[i], name))
            return i;
    return -1;
}

static int challenge_index(const NetLobby *l, int64_t id)
{
    for (int i = 0; i < l->nchallenges; i++)
        if (l->challenges[i].id == id)
            return i;
    return -1;
}

static int live_index(const NetLobby *l, int64_t id)
{
    for (int i = 0; i < l->nlive; i++)
        if (l->live[i].id == id)
            return i;
    return -1;
}

static void copy(char *dst, size_t size, const char *src) { snprintf(dst, size, "%s", src); }

static NetEvent bad(KageError *err, const NetMsg *m, const char *what)
{
    kage_error(err, -1, "the server's '%s' message has a bad %s", m->verb, what);
    return NET_EV_ERROR;
}

/* The words shared by live, past and record lines: GID VARIANT TC WHITE BLACK. */
static bool game_info(const NetMsg *m, NetGameInfo *g)
{
    memset(g, 0, sizeof *g);
    TimeControl tc;
    KageError e;
    if (!net_id_parse(m->arg[0], &g->id) || strlen(m->arg[1]) >= sizeof g->variant || !net_tc_parse(m->arg[2], &tc, &e) ||
        !net_name_ok(m->arg[3]) || !net_name_ok(m->arg[4]))
        return false;
    copy(g->variant, sizeof g->variant, m->arg[1]);
    copy(g->tc, sizeof g->tc, m->arg[2]);
    copy(g->white, sizeof g->white, m->arg[3]);
    copy(g->black, sizeof g->black, m->arg[4]);
    return true;
}

/* A view begun by "game" or "record". */
static void view_start(NetGameView *v, const NetGameInfo *info, int role, int64_t started)
{
    net_game_clear(v);
    v->id = info->id;
    copy(v->variant, sizeof v->variant, info->variant);
    KageError e;
    net_tc_parse(info->tc, &v->tc, &e);
    copy(v->white, sizeof v->white, info->white);
    copy(v->black, sizeof v->black, info->black);
    v->role = role;
    v->started = started;
    v->conn[WHITE] = v->conn[BLACK] = true;
    v->away_at[WHITE] = v->away_at[BLACK] = -1;
}

static void view_push(NetGameView *v, const char *move)
{
    GROW(v->moves, v->nmoves, v->cap);
    copy(v->moves[v->nmoves++], NET_MOVE_MAX, move);
}

static bool clocks(const NetMsg *m, int at, ClockSide out[2])
{
    for (int c = 0; c < 2; c++) {
        const char *s = m->arg[at + c];
        if (!strcmp(s, "-"))
            out[c] = (ClockSide){0};
        else if (!net_clock_parse(s, &out[c]))
            return false;
    }
    return true;
}

static bool running(const char *s, int *out)
{
    if (!strcmp(s, "-")) {
        *out = -1;
        return true;
    }
    return net_colour_parse(s, false, out);
}

static bool move_ok(const char *s) { return strlen(s) < NET_MOVE_MAX; }

static NetEvent on_moves(NetLobby *l, const NetMsg *m, KageError *err)
{
    int64_t id, from;
    if (!net_id_parse(m->arg[0], &id) || !net_int_parse(m->arg[1], 0, 100000, &from))
        return bad(err, m, "id or ply");
    NetGameView *v = l->record.id == id && !l->record.complete ? &l->record
                     : l->game.id == id && !l->game.complete   ? &l->game
                                                               : NULL;
    if (!v)
        return NET_EV_NONE;
    if (from != v->nmoves)
        return bad(err, m, "first ply");
    for (int i = 2; i < m->nargs; i++)
        if (!move_ok(m->arg[i]))
            return bad(err, m, "move");
    for (int i = 2; i < m->nargs; i++)
        view_push(v, m->arg[i]);
    return NET_EV_NONE;
}

static NetEvent on_state(NetLobby *l, const NetMsg *m, int64_t now, KageError *err)
{
    int64_t id, plies, wc, bc, st;
    ClockSide cl[2];
    int run, draw;
    if (!net_id_parse(m->arg[0], &id) || !net_int_parse(m->arg[1], 0, 100000, &plies) || !clocks(m, 2, cl) ||
        !running(m->arg[4], &run) || !net_int_parse(m->arg[5], 0, 1, &wc) || !net_int_parse(m->arg[6], 0, 1, &bc) ||
        !running(m->arg[7], &draw) || !net_int_parse(m->arg[8], 0, 1, &st))
        return bad(err, m, "word");
    NetGameView *v = &l->game;
    if (v->id != id)
        return NET_EV_NONE;
    if (plies != v->nmoves)
        return NET_EV_RESYNC;
    v->clock[WHITE] = cl[WHITE];
    v->clock[BLACK] = cl[BLACK];
    v->running = run;
    v->clock_at = now;
    v->conn[WHITE] = wc;
    v->conn[BLACK] = bc;
    v->draw_offer = draw;
    v->stalled = st;
    if (!st)
        v->stalled_why[0] = 0;
    if (!v->complete) {
        v->complete = true;
        return NET_EV_GAME;
    }
    return NET_EV_STATE;
}

static NetEvent on_move(NetLobby *l, const NetMsg *m, int64_t now, KageError *err)
{
    int64_t id, ply;
    ClockSide cl[2];
    int run;
    if (!net_id_parse(m->arg[0], &id) || !net_int_parse(m->arg[1], 0, 100000, &ply) || !move_ok(m->arg[2]) ||
        !clocks(m, 3, cl) || !running(m->arg[5], &run))
        return bad(err, m, "word");
    NetGameView *v = &l->game;
    if (v->id != id || !v->complete)
        return NET_EV_NONE;
    if (ply != v->nmoves)
        return NET_EV_RESYNC;
    view_push(v, m->arg[2]);
    v->clock[WHITE] = cl[WHITE];
    v->clock[BLACK] = cl[BLACK];
    v->running = run;
    v->clock_at = now;
    v->draw_offer = -1;
    return NET_EV_MOVE;
}

static NetEvent on_game_line(NetLobby *l, const NetMsg *m, KageError *err)
{
    NetGameInfo info;
    int role;
    int64_t started;
    if (!game_info(m, &info) || !(net_colour_parse(m->arg[5], false, &role) || !strcmp(m->arg[5], "watch")) ||
        !net_int_parse(m->arg[6], 0, 1LL << 40, &started) || (m->nargs > 7 && strcmp(m->arg[7], "rated")))
        return bad(err, m, "word");
    view_start(&l->game, &info, strcmp(m->arg[5], "watch") ? role : -1, started);
    l->game.rated = m->nargs > 7;
    return NET_EV_NONE;
}

static NetEvent on_lobby_line(NetLobby *l, const NetMsg *m, KageError *err)
{
    const char *v = m->verb;
    int64_t id;
    if (!strcmp(v, "lobby-begin")) {
        l->nplayers = l->nchallenges = l->nlive = 0;
        l->lobby_ready = false;
        return NET_EV_NONE;
    }
    if (!strcmp(v, "lobby-end")) {
        l->lobby_ready = true;
        return NET_EV_LOBBY;
    }
    if (!strcmp(v, "player")) {
        bool on = !strcmp(m->arg[1], "online");
        int doing = m->nargs < 3 ? NET_IDLE : !strcmp(m->arg[2], "playing") ? NET_PLAYING
                                           : !strcmp(m->arg[2], "watching") ? NET_WATCHING
                                                                            : -1;
        if (!net_name_ok(m->arg[0]) || (!on && strcmp(m->arg[1], "offline")) || doing < 0 || (!on && m->nargs > 2))
            return bad(err, m, "word");
        int k = player_index(l, m->arg[0]);
        if (on && k < 0) {
            int cap = l->players_cap;
            GROW(l->players, l->nplayers, l->players_cap);
            if (l->players_cap != cap || !l->doing) {
                l->doing = xrealloc(l->doing, (size_t)l->players_cap * sizeof *l->doing);
                l->doing_cap = l->players_cap;
            }
            k = l->nplayers++;
            copy(l->players[k], NET_NAME_MAX + 1, m->arg[0]);
        } else if (!on && k >= 0) {
            memmove(&l->players[k], &l->players[k + 1], (size_t)(l->nplayers - k - 1) * sizeof *l->players);
            memmove(&l->doing[k], &l->doing[k + 1], (size_t)(l->nplayers - k - 1) * sizeof *l->doing);
            l->nplayers--;
        }
        if (on)
            l->doing[k] = doing;
        return l->lobby_ready ? NET_EV_LOBBY : NET_EV_NONE;
    }
    if (!strcmp(v, "challenge")) {
        NetChallenge c = {0};
        TimeControl tc;
        KageError e;
        if (!net_id_parse(m->arg[0], &c.id) || !net_name_ok(m->arg[1]) || strlen(m->arg[2]) >= sizeof c.variant ||
            !net_tc_parse(m->arg[3], &tc, &e) || !net_colour_parse(m->arg[4], true, &c.colour))
            return bad(err, m, "word");
        if ((m->nargs > 5 && strcmp(m->arg[5], "-") && !net_name_ok(m->arg[5])) ||
            (m->nargs > 6 && strcmp(m->arg[6], "rated") && strcmp(m->arg[6], "casual")))
            return bad(err, m, "word");
        c.rated = m->nargs > 6 && !strcmp(m->arg[6], "rated");
        copy(c.owner, sizeof c.owner, m->arg[1]);
        copy(c.variant, sizeof c.variant, m->arg[2]);
        copy(c.tc, sizeof c.tc, m->arg[3]);
        copy(c.to, sizeof c.to, m->nargs > 5 && strcmp(m->arg[5], "-") ? m->arg[5] : "");
        int k = challenge_index(l, c.id);
        bool fresh = k < 0;
        if (k < 0) {
            GROW(l->challenges, l->nchallenges, l->challenges_cap);
            k = l->nchallenges++;
        }
        l->challenges[k] = c;
        if (fresh && l->me[0] && !strcmp(c.to, l->me)) { /* told at once, wherever this player is */
            l->last = c;
            return NET_EV_OFFER;
        }
        return l->lobby_ready ? NET_EV_LOBBY : NET_EV_NONE;
    }
    if (!strcmp(v, "withdrawn")) {
        if (!net_id_parse(m->arg[0], &id) || (m->nargs > 1 && strcmp(m->arg[1], "declined") && strcmp(m->arg[1], "expired")))
            return bad(err, m, "id");
        int k = challenge_index(l, id);
        if (k < 0)
            return NET_EV_LOBBY;
        NetChallenge c = l->challenges[k];
        memmove(&l->challenges[k], &l->challenges[k + 1], (size_t)(--l->nchallenges - k) * sizeof *l->challenges);
        if (m->nargs > 1 && !strcmp(c.owner, l->me)) {
            l->last = c;
            copy(l->withdrawn_why, sizeof l->withdrawn_why, m->arg[1]);
            return NET_EV_DECLINED;
        }
        return NET_EV_LOBBY;
    }
    if (!strcmp(v, "live")) {
        NetGameInfo g;
        int64_t plies;
        if (!game_info(m, &g) || !net_int_parse(m->arg[5], 0, 100000, &plies))
            return bad(err, m, "word");
        g.plies = (int)plies;
        int k = live_index(l, g.id);
        if (k < 0) {
            GROW(l->live, l->nlive, l->live_cap);
            k = l->nlive++;
        }
        l->live[k] = g;
        return l->lobby_ready ? NET_EV_LOBBY : NET_EV_NONE;
    }
    /* over */
    GameResult r;
    if (!net_id_parse(m->arg[0], &id) || !net_result_parse(m->arg[1], m->arg[2], &r))
        return bad(err, m, "word");
    int k = live_index(l, id);
    if (k >= 0)
        memmove(&l->live[k], &l->live[k + 1], (size_t)(--l->nlive - k) * sizeof *l->live);
    return NET_EV_LOBBY;
}

static NetEvent on_past(NetLobby *l, const NetMsg *m, KageError *err)
{
    if (!strcmp(m->verb, "past-end")) {
        l->past_ready = true;
        return NET_EV_PAST;
    }
    NetGameInfo g;
    int64_t ended, plies;
    if (!game_info(m, &g) || !net_result_parse(m->arg[5], m->arg[6], &g.result) ||
        !net_int_parse(m->arg[7], 0, 1LL << 40, &ended) || !net_int_parse(m->arg[8], 0, 100000, &plies))
        return bad(err, m, "word");
    g.ended = ended;
    g.plies = (int)plies;
    if (l->past_ready) { /* a new listing */
        l->npast = 0;
        l->past_ready = false;
    }
    GROW(l->past, l->npast, l->past_cap);
    l->past[l->npast++] = g;
    return NET_EV_NONE;
}

static NetEvent on_record(NetLobby *l, const NetMsg *m, KageError *err)
{
    int64_t id, started, ended;
    if (!strcmp(m->verb, "clocks")) {
        int64_t from;
        if (!net_id_parse(m->arg[0], &id) || !net_int_parse(m->arg[1], 0, 100000, &from))
            return bad(err, m, "word");
        ClockSide cs;
        for (int i = 2; i < m->nargs; i++)
            if (strcmp(m->arg[i], "-") && !net_clock_parse(m->arg[i], &cs))
                return bad(err, m, "clock");
        NetGameView *r = &l->record;
        if (r->id != id || from != r->nclocks)
            return NET_EV_NONE;
        r->clocks = xrealloc(r->clocks, (size_t)(r->nclocks + m->nargs - 2) * sizeof *r->clocks);
        for (int i = 2; i < m->nargs; i++)
            copy(r->clocks[r->nclocks++], NET_CLOCK_MAX, strcmp(m->arg[i], "-") ? m->arg[i] : "");
        return NET_EV_NONE;
    }
    if (!strcmp(m->verb, "record-end")) {
        if (!net_id_parse(m->arg[0], &id))
            return bad(err, m, "id");
        if (l->record.id != id)
            return NET_EV_NONE;
        l->record.complete = true;
        return NET_EV_RECORD;
    }
    NetGameInfo info;
    GameResult r;
    if (!game_info(m, &info) || !net_result_parse(m->arg[5], m->arg[6], &r) ||
        !net_int_parse(m->arg[7], 0, 1LL << 40, &started) || !net_int_parse(m->arg[8], 0, 1LL << 40, &ended))
        return bad(err, m, "word");
    view_start(&l->record, &info, -1, started);
    l->record.result = r;
    l->record.ended = ended;
    return NET_EV_NONE;
}

const NetRating *net_lobby_rating(const NetLobby *l, const char *name, const char *variant)
{
    for (int i = 0; i < l->nratings; i++)
        if (!strcmp(l->ratings[i].name, name) && !strcmp(l->ratings[i].variant, variant))
            return &l->ratings[i];
    return NULL;
}

void net_rating_text(const NetRating *r, char *buf, size_t size)
{
    if (!r)
        snprintf(buf, size, "%s", "");
    else
        snprintf(buf, size, "%d%s", r->rating, r->rd > NET_RATING_PROVISIONAL_RD ? "?" : "");
}

/* rating NAME VARIANT RATING RD GAMES, and the leaderboard's top and top-end */
static NetEvent on_rating(NetLobby *l, const NetMsg *m, KageError *err)
{
    if (!strcmp(m->verb, "top-end")) {
        if (strlen(m->arg[0]) >= sizeof l->top_variant)
            return bad(err, m, "word");
        copy(l->top_variant, sizeof l->top_variant, m->arg[0]);
        return NET_EV_TOP;
    }
    int k = !strcmp(m->verb, "top") ? 1 : 0; /* top has its variant and rank first */
    NetRating r = {0};
    int64_t v[3], rank = 0;
    const char *variant = m->arg[k ? 0 : 1], *name = m->arg[k ? 2 : 0];
    if (!net_name_ok(name) || strlen(variant) >= sizeof r.variant ||
        (k && !net_int_parse(m->arg[1], 1, 1000000, &rank)) || !net_int_parse(m->arg[2 + k], 0, 100000, &v[0]) ||
        !net_int_parse(m->arg[3 + k], 0, 100000, &v[1]) || !net_int_parse(m->arg[4 + k], 0, 100000000, &v[2]))
        return bad(err, m, "word");
    copy(r.name, sizeof r.name, name);
    copy(r.variant, sizeof r.variant, variant);
    r.rating = (int)v[0];
    r.rd = (int)v[1];
    r.games = (int)v[2];
    if (k) {
        if (rank == 1) /* a new leaderboard */
            l->ntop = 0;
        GROW(l->top, l->ntop, l->top_cap);
        l->top[l->ntop++] = r;
        return NET_EV_NONE;
    }
    NetRating *have = (NetRating *)net_lobby_rating(l, r.name, r.variant);
    if (!have) {
        GROW(l->ratings, l->nratings, l->ratings_cap);
        have = &l->ratings[l->nratings++];
    }
    *have = r;
    l->last_rating = r;
    return NET_EV_RATING;
}

NetEvent net_lobby_apply(NetLobby *l, const NetMsg *m, int64_t now, KageError *err)
{
    const char *v = m->verb;
    err->msg[0] = 0;
    err->column = -1;
    if (!strcmp(v, "welcome")) {
        if (!net_name_ok(m->arg[0]))
            return bad(err, m, "name");
        copy(l->me, sizeof l->me, m->arg[0]);
        return NET_EV_WELCOME;
    }
    if (!strcmp(v, "error") || !strcmp(v, "notice") || !strcmp(v, "bye")) {
        copy(err->msg, sizeof err->msg, m->text ? m->text : m->nargs ? m->arg[0] : "");
        return !strcmp(v, "error") ? NET_EV_ERROR : !strcmp(v, "bye") ? NET_EV_BYE : NET_EV_NOTICE;
    }
    if (!strcmp(v, "ok"))
        return NET_EV_OK;
    if (!strcmp(v, "pong"))
        return NET_EV_PONG;
    if (!strcmp(v, "lobby-begin") || !strcmp(v, "lobby-end") || !strcmp(v, "player") || !strcmp(v, "challenge") ||
        !strcmp(v, "withdrawn") || !strcmp(v, "live") || !strcmp(v, "over"))
        return on_lobby_line(l, m, err);
    if (!strcmp(v, "game"))
        return on_game_line(l, m, err);
    if (!strcmp(v, "rating") || !strcmp(v, "top") || !strcmp(v, "top-end"))
        return on_rating(l, m, err);
    if (!strcmp(v, "said")) {
        int64_t game = 0;
        if ((strcmp(m->arg[0], "lobby") && !net_id_parse(m->arg[0], &game)) || !net_name_ok(m->arg[1]) || !m->text ||
            strlen(m->text) > NET_CHAT_MAX)
            return bad(err, m, "word");
        l->said.game = game;
        copy(l->said.name, sizeof l->said.name, m->arg[1]);
        copy(l->said.text, sizeof l->said.text, m->text);
        return NET_EV_SAID;
    }
    if (!strcmp(v, "moves"))
        return on_moves(l, m, err);
    if (!strcmp(v, "state"))
        return on_state(l, m, now, err);
    if (!strcmp(v, "move"))
        return on_move(l, m, now, err);
    if (!strcmp(v, "past") || !strcmp(v, "past-end"))
        return on_past(l, m, err);
    if (!strcmp(v, "record") || !strcmp(v, "record-end") || !strcmp(v, "clocks"))
        return on_record(l, m, err);
    /* conn, draw, end, stalled: the followed game */
    int64_t id;
    if (!net_id_parse(m->arg[0], &id))
        return bad(err, m, "id");
    NetGameView *g = &l->game;
    if (g->id != id || !g->complete)
        return NET_EV_NONE;
    if (!strcmp(v, "conn")) {
        int c;
        int64_t on, secs = 0;
        if (!net_colour_parse(m->arg[1], false, &c) || !net_int_parse(m->arg[2], 0, 1, &on) ||
            (m->nargs > 3 && !net_int_parse(m->arg[3], 1, 30L * 24 * 3600, &secs)))
            return bad(err, m, "word");
        g->conn[c] = on;
        g->away_at[c] = on ? -1 : now;
        if (secs)
            g->abandon_s = (int)secs;
        return NET_EV_STATE;
    }
    if (!strcmp(v, "watchers")) {
        int64_t n;
        if (!net_int_parse(m->arg[1], 0, 1000000, &n))
            return bad(err, m, "word");
        size_t len = 0;
        char names[sizeof g->watchers] = "";
        for (int i = 2; i < m->nargs; i++) {
            if (!net_name_ok(m->arg[i]))
                return bad(err, m, "word");
            if (len + strlen(m->arg[i]) + 3 < sizeof names)
                len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i > 2 ? ", " : "", m->arg[i]);
        }
        g->nwatchers = (int)n;
        copy(g->watchers, sizeof g->watchers, names);
        return NET_EV_STATE;
    }
    if (!strcmp(v, "draw")) {
        int c;
        if (!strcmp(m->arg[1], "none"))
            c = -1;
        else if (!net_colour_parse(m->arg[1], false, &c))
            return bad(err, m, "colour");
        g->draw_offer = c;
        return NET_EV_STATE;
    }
    if (!strcmp(v, "stalled")) {
        int64_t on;
        if (!net_int_parse(m->arg[1], 0, 1, &on))
            return bad(err, m, "word");
        g->stalled = on;
        copy(g->stalled_why, sizeof g->stalled_why, on && m->text ? m->text : "");
        return NET_EV_STATE;
    }
    /* end */
    GameResult r;
    if (!net_result_parse(m->arg[1], m->arg[2], &r) || (r.outcome == OUTCOME_NONE && r.reason != END_ABORTED))
        return bad(err, m, "result");
    g->result = r;
    g->running = -1;
    g->draw_offer = -1;
    g->stalled = false;
    return NET_EV_END;
}

static int64_t fixed_now(void *ctx) { return *(const int64_t *)ctx; }

ClockSide net_game_clock(const NetGameView *g, Color c, int64_t now_ms)
{
    if (g->running != (int)c || g->tc.kind == CLOCK_NONE)
        return g->clock[c];
    Clock k;
    clock_init(&k, &g->tc, fixed_now, &now_ms);
    k.side[c] = g->clock[c];
    k.turn = c;
    k.state = CLOCK_RUNNING;
    k.started = g->clock_at;
    return clock_side_now(&k, c);
}

char *net_game_pgn(const NetGameView *g, KageError *err)
{
    const VariantDef *def = variant_find(g->variant);
    if (!def) {
        kage_error(err, -1, "game %lld: unknown variant '%s'", (long long)g->id, g->variant);
        return NULL;
    }
    Variant *v = variant_new(def, err);
    if (!v)
        return NULL;
    Position *pos = pos_new(v);
    GameRecord rec;
    record_init(&rec, def);
    bool ok = true;
    for (int i = 0; i < g->nmoves && ok; i++) {
        Move m;
        ok = move_from_text(pos, g->moves[i], MOVE_FOR_PROTOCOL, &m, err);
        if (ok) {
            record_push(&rec, m);
            pos_make(pos, m);
        } else
            kage_error(err, -1, "game %lld: move %d (%s) is not legal", (long long)g->id, i + 1, g->moves[i]);
    }
    char *pgn = NULL;
    if (ok) {
        rec.result = g->result;
        char date[16] = "????.??.??", event[64];
        time_t t = (time_t)(g->started);
        struct tm tm;
        if (g->started > 0 && gmtime_r(&t, &tm))
            strftime(date, sizeof date, "%Y.%m.%d", &tm);
        snprintf(event, sizeof event, "Kage online game %lld", (long long)g->id);
        PgnInfo info = {.event = event, .site = "Kage server", .date = date, .white = g->white, .black = g->black,
                        .tc = g->tc.kind != CLOCK_NONE ? &g->tc : NULL};
        /* each move's clock, as pychess.org and lichess write it: {[%clk 0:04:51]} */
        char (*clk)[24] = NULL;
        const char **comments = NULL;
        if (g->clocks && g->nclocks >= g->nmoves && g->nmoves > 0) {
            clk = xcalloc((size_t)g->nmoves + 1, sizeof *clk);
            comments = xcalloc((size_t)g->nmoves + 1, sizeof *comments);
            for (int k = 0; k < g->nmoves; k++) {
                ClockSide cs;
                if (!g->clocks[k][0] || !net_clock_parse(g->clocks[k], &cs))
                    continue;
                int64_t sec = cs.left_ms / 1000;
                snprintf(clk[k + 1], sizeof clk[k + 1], "[%%clk %d:%02d:%02d]", (int)(sec / 3600), (int)(sec / 60 % 60),
                         (int)(sec % 60));
                comments[k + 1] = clk[k + 1];
            }
            info.comments = comments;
        }
        pgn = pgn_write(v, &rec, &info, err);
        free(comments);
        free(clk);
    }
    record_clear(&rec);
    pos_free(pos);
    variant_free(v);
    return pgn;
}
