/* The lobby server driven without sockets: connections fed lines, their
 * output read back, a clock the tests move by hand.  The referee (moves,
 * turns, clocks, draws, resignation, abandoned games), the lobby, the
 * limits, reconnecting, a restart over the same database, and a full disk. */
#include "test_online.h"

#include "server_internal.h"

#include "kage/net/lobby.h"
#include "kage/rules/gameend.h"
#include "kage/rules/notation.h"

#include <dirent.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Rig {
    Server *s;
    int64_t now;
    ServerConfig cfg;
    char dir[64], db[128];
    char *last[64]; /* the output last taken of each connection */
} Rig;

static int64_t rig_now(void *ctx) { return ((Rig *)ctx)->now; }

/* The host's users, as the tests see them (the server's seam: no test
 * depends on the users of the machine it runs on). */
static const struct {
    const char *name;
    uid_t uid;
} rig_users[] = {{"root", 0}, {"daemon", 1}, {"kage", 999}, {"mallory", 1500}};

static bool rig_user_like(void *ctx, const char *name, uid_t *uid)
{
    (void)ctx;
    char want[NET_NAME_MAX + 1], fold[NET_NAME_MAX + 1];
    net_name_fold(name, want, sizeof want);
    for (size_t i = 0; i < sizeof rig_users / sizeof rig_users[0]; i++) {
        net_name_fold(rig_users[i].name, fold, sizeof fold);
        if (!strcmp(fold, want)) {
            *uid = rig_users[i].uid;
            return true;
        }
    }
    return false;
}

static bool rig_user_name(void *ctx, uid_t uid, char *buf, size_t size)
{
    (void)ctx;
    for (size_t i = 0; i < sizeof rig_users / sizeof rig_users[0]; i++)
        if (rig_users[i].uid == uid) {
            snprintf(buf, size, "%s", rig_users[i].name);
            return true;
        }
    return false;
}
static int64_t rig_wall(void *ctx) { return 1700000000000LL + ((Rig *)ctx)->now; }

/* A server over a database file in a directory of its own. */
static Rig *rig_new(void)
{
    Rig *r = calloc(1, sizeof *r);
    snprintf(r->dir, sizeof r->dir, "%s/kage-srv.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(r->dir));
    snprintf(r->db, sizeof r->db, "%s/games.db", r->dir);
    server_config_defaults(&r->cfg);
    r->cfg.db_path = r->db;
    r->cfg.log = NULL;
    r->cfg.now = rig_now;
    r->cfg.now_ctx = r;
    r->cfg.wall_ms = rig_wall;
    r->cfg.wall_ctx = r;
    r->cfg.seed = 7;
    r->cfg.user_like = rig_user_like;
    r->cfg.user_name = rig_user_name;
    r->now = 1000;
    return r;
}

static void rig_start(Rig *r)
{
    KageError err;
    r->s = server_new(&r->cfg, &err);
    if (!r->s)
        fail_msg("server_new: %s", err.msg);
}

static void rig_stop(Rig *r)
{
    server_free(r->s);
    r->s = NULL;
    for (int i = 0; i < 64; i++) {
        free(r->last[i]);
        r->last[i] = NULL;
    }
}

static void rig_free(Rig *r)
{
    if (r->s)
        rig_stop(r);
    char path[sizeof r->dir + 260];
    DIR *d = opendir(r->dir); /* the database and whatever the server kept beside it */
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", r->dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    if (rmdir(r->dir) < 0)
        fail_msg("%s could not be removed", r->dir);
    free(r);
}

static void say(Rig *r, int id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(Rig *r, int id, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    line[n++] = '\n';
    server_input(r->s, id, line, (size_t)n);
}

/* What connection id was sent since the last look. */
static const char *got(Rig *r, int id)
{
    free(r->last[id]);
    r->last[id] = server_take_output(r->s, id);
    return r->last[id];
}

#define EXPECT(r, id, text)                                                                          \
    do {                                                                                             \
        const char *out_ = got(r, id);                                                               \
        if (!strstr(out_, text))                                                                     \
            fail_msg("connection %d was not sent '%s'; it was sent:\n%s", id, text, out_);           \
    } while (0)
/* the same, in what was taken last */
#define AND(r, id, text)                                                                             \
    do {                                                                                             \
        if (!strstr(r->last[id], text))                                                              \
            fail_msg("connection %d was not sent '%s'; it was sent:\n%s", id, text, r->last[id]);    \
    } while (0)
#define NOT(r, id, text)                                                                             \
    do {                                                                                             \
        if (strstr(r->last[id], text))                                                               \
            fail_msg("connection %d was sent '%s':\n%s", id, text, r->last[id]);                    \
    } while (0)

static uid_t uid_of(const char *name) { return 20000 + (uid_t)(name[0] * 31 + name[1]); }

/* A player connected and greeted. */
static int join(Rig *r, const char *name)
{
    int id = server_connect(r->s, -1, uid_of(name), name);
    assert_true(id >= 0 && id < 64);
    say(r, id, "hello 1");
    char want[64];
    snprintf(want, sizeof want, "welcome %s 1", name);
    EXPECT(r, id, want);
    return id;
}

/* alice (white) against bob in a new game of variant/tc; its id. */
static int64_t game_between(Rig *r, int a, int b, const char *variant, const char *tc)
{
    say(r, a, "challenge %s %s white", variant, tc);
    const char *out = got(r, a);
    const char *ok = strstr(out, "ok challenge ");
    if (!ok)
        fail_msg("no challenge: %s", out);
    long long ch = atoll(ok + 13);
    say(r, b, "accept %lld", ch);
    out = got(r, b);
    ok = strstr(out, "ok accept ");
    if (!ok)
        fail_msg("not accepted: %s", out);
    got(r, a);
    return atoll(ok + 10);
}

static void hello__the_unix_account__is_the_name(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = server_connect(r->s, -1, 1001, "alice");
    say(r, a, "challenge shogun 5 white");
    EXPECT(r, a, "error hello say hello first");
    say(r, a, "hello 1 bob");
    EXPECT(r, a, "error name you are alice on this host");
    say(r, a, "hello 1 alice");
    EXPECT(r, a, "welcome alice 1");
    say(r, a, "hello 1");
    EXPECT(r, a, "error state hello was said already");
    int b = server_connect(r->s, -1, 1002, "bob");
    say(r, b, "hello 2");
    EXPECT(r, b, "error version this server speaks protocol 1");
    AND(r, b, "bye protocol version");
    assert_null(conn_by_id(r->s, b));
    rig_free(r);
}

static void hello__shared_account__names_the_player_but_not_a_host_user(void **state)
{
    (void)state;
    Rig *r = rig_new();
    r->cfg.shared[r->cfg.nshared++] = "kage";
    rig_start(r);
    int a = server_connect(r->s, -1, 999, "kage");
    say(r, a, "hello 1 root");
    EXPECT(r, a, "error name 'root' is taken: it is (or looks like) the name of a user of this host");
    say(r, a, "hello 1 Mallory"); /* a look-alike of a user */
    EXPECT(r, a, "error name 'Mallory' is taken");
    say(r, a, "hello 1 uid1500"); /* the name the server gives a user whose login it cannot carry */
    EXPECT(r, a, "error name 'uid1500' is kept for a user of this host");
    say(r, a, "hello 1 UID77");
    EXPECT(r, a, "error name 'UID77' is kept");
    say(r, a, "hello 1 not/aname");
    EXPECT(r, a, "error name 'not/aname' is not a name");
    say(r, a, "hello 1");
    EXPECT(r, a, "error name kage is an account shared by several players: say who you are");
    say(r, a, "hello 1 alice");
    EXPECT(r, a, "welcome alice 1");
    int b = server_connect(r->s, -1, 999, "kage");
    say(r, b, "hello 1 ALICE");
    EXPECT(r, b, "error name 'ALICE' is taken: alice is online, and the names look alike");
    say(r, b, "hello 1 a.lice-");
    EXPECT(r, b, "error name 'a.lice-' is taken: alice is online");
    say(r, b, "hello 1 alice"); /* the same player, a second connection */
    EXPECT(r, b, "welcome alice 1");
    int c = server_connect(r->s, -1, 999, "kage");
    say(r, c, "hello 1 bob");
    EXPECT(r, c, "welcome bob 1");
    game_between(r, a, c, "shogun", "none");
    say(r, a, "resign 1");
    EXPECT(r, a, "end 1 0-1 resignation");
    server_disconnect(r->s, a);
    server_disconnect(r->s, b);
    int d = server_connect(r->s, -1, 999, "kage"); /* alice is gone, but her games are stored */
    say(r, d, "hello 1 Alice");
    EXPECT(r, d, "error name 'Alice' is taken: alice has played here, and the names look alike");
    /* a real user's own name is theirs, whatever a shared account's player took */
    int m = server_connect(r->s, -1, 1500, "mallory");
    say(r, m, "hello 1");
    EXPECT(r, m, "welcome mallory 1");
    rig_free(r);
}

/* Issue 70, fault 1: a client that does not read is closed from inside a
 * broadcast about the challenge array (a cancel), and its own challenges
 * were withdrawn from that array while the cancel was part-way through. */
static void slow_reader__closed_inside_a_cancel_broadcast__lobby_stays_sound(void **state)
{
    (void)state;
    Rig *r = rig_new();
    r->cfg.rate = 1000000;
    rig_start(r);
    int x = join(r, "xavier"), y = join(r, "yvonne"), w = join(r, "walter");
    say(r, x, "lobby on");
    say(r, w, "lobby on");
    say(r, x, "challenge shogun 5 white");
    say(r, x, "challenge cashew 5 black");
    say(r, y, "challenge shinobi 5 white");
    EXPECT(r, y, "ok challenge 3");
    EXPECT(r, w, "challenge 3 yvonne");
    got(r, x);
    /* xavier stops reading: his output fills to within a few bytes of the cap */
    Conn *cx = conn_by_id(r->s, x);
    char token[NET_LINE_MAX];
    while (CONN_OUT_MAX - cx->out.len > 8) {
        size_t room = CONN_OUT_MAX - cx->out.len - 8; /* "pong " and the newline */
        size_t n = room > 400 ? 400 : room < 2 ? 1 : room - 1;
        memset(token, 'p', n);
        token[n] = 0;
        say(r, x, "ping %s", token);
    }
    assert_non_null(conn_by_id(r->s, x));
    say(r, y, "cancel 3"); /* its "withdrawn 3" is one line too many for xavier */
    EXPECT(r, y, "ok cancel 3");
    assert_null(conn_by_id(r->s, x));
    EXPECT(r, w, "withdrawn 3");
    AND(r, w, "withdrawn 1");
    AND(r, w, "withdrawn 2");
    AND(r, w, "player xavier offline");
    assert_int_equal(r->s->nchallenges, 0);
    assert_int_equal(r->s->open, 2);
    assert_int_equal(r->s->out_held, r->s->conns[y]->out.cap + r->s->conns[w]->out.cap);
    say(r, w, "accept 3"); /* cancelled: gone for good */
    EXPECT(r, w, "error not-found no challenge 3");
    say(r, y, "challenge shogun 5 white");
    EXPECT(r, y, "ok challenge 4");
    say(r, w, "accept 4");
    EXPECT(r, w, "ok accept 1");
    rig_free(r);
}

/* Issue 70, fault 8: the clients that do not read share a budget, and the
 * slowest goes first; those who read are answered all along. */
static void slow_readers__output_budget__slowest_closed_first(void **state)
{
    (void)state;
    Rig *r = rig_new();
    r->cfg.rate = 1000000;
    r->cfg.out_budget = 5 * CONN_OUT_MAX / 2; /* the budget counts the buffers, which grow by doubling */
    rig_start(r);
    int reader = join(r, "reader");
    int slow[3];
    char token[401];
    memset(token, 's', 400);
    token[400] = 0;
    for (int k = 0; k < 3; k++)
        slow[k] = join(r, k == 0 ? "sam" : k == 1 ? "sue" : "sid");
    /* sam holds 900 KB, sue 800 KB: two buffers of a megabyte, under the budget */
    for (int k = 0; k < 2; k++)
        while (conn_by_id(r->s, slow[k])->out.len < (size_t)(900 - 100 * k) * 1024)
            say(r, slow[k], "ping %s", token);
    assert_non_null(conn_by_id(r->s, slow[0]));
    assert_non_null(conn_by_id(r->s, slow[1]));
    /* sid's buffer grows past 512 KB, to a megabyte, over the budget: sam, the slowest, goes */
    while (conn_by_id(r->s, slow[2]) && conn_by_id(r->s, slow[2])->out.len < 600 * 1024) {
        say(r, slow[2], "ping %s", token);
        assert_true(r->s->out_held <= r->s->cfg.out_budget);
        say(r, reader, "ping r");
        EXPECT(r, reader, "pong r");
    }
    assert_null(conn_by_id(r->s, slow[0]));
    assert_non_null(conn_by_id(r->s, slow[1]));
    assert_non_null(conn_by_id(r->s, slow[2]));
    assert_true(r->s->out_held <= r->s->cfg.out_budget);
    rig_free(r);
}

/* Issue 70, fault 10: a challenge to a player (a rematch) is theirs alone. */
static void named_challenge__only_that_player_sees_accepts_or_declines(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), w = join(r, "carol");
    say(r, w, "lobby on");
    EXPECT(r, w, "lobby-end");
    say(r, a, "challenge shogun 5+3 black dave");
    EXPECT(r, a, "error not-found dave is not online");
    say(r, a, "challenge shogun 5+3 black alice");
    EXPECT(r, a, "error name a challenge to yourself");
    say(r, a, "challenge shogun 5+3 black bob");
    EXPECT(r, a, "ok challenge 1");
    AND(r, a, "challenge 1 alice shogun 5+3 black bob"); /* alice does not follow the lobby: hers all the same */
    EXPECT(r, b, "challenge 1 alice shogun 5+3 black bob"); /* told at once, without the lobby */
    got(r, w);
    NOT(r, w, "challenge 1");
    say(r, a, "challenge shogun 5+3 black bob");
    EXPECT(r, a, "error state your challenge 1 to bob waits for an answer");
    say(r, w, "accept 1");
    EXPECT(r, w, "error not-found no challenge 1");
    say(r, w, "decline 1");
    EXPECT(r, w, "error not-found no challenge 1");
    say(r, w, "lobby on");
    EXPECT(r, w, "lobby-end");
    NOT(r, w, "challenge 1");
    say(r, b, "decline 1");
    EXPECT(r, b, "ok decline 1");
    EXPECT(r, a, "withdrawn 1 declined");
    got(r, w);
    NOT(r, w, "withdrawn 1");
    say(r, a, "challenge cashew none white bob");
    EXPECT(r, a, "ok challenge 2");
    int b2 = server_connect(r->s, -1, uid_of("bob"), "bob"); /* bob's other screen, later */
    say(r, b2, "hello 1");
    EXPECT(r, b2, "challenge 2 alice cashew none white bob");
    say(r, b2, "accept 2");
    EXPECT(r, b2, "ok accept 1");
    EXPECT(r, a, "game 1 cashew none alice bob white");
    int d = join(r, "dave");
    say(r, d, "challenge shogun 5 white bob");
    EXPECT(r, d, "error state bob is playing a game");
    say(r, a, "resign 1"); /* over: the rematch, to bob alone */
    say(r, a, "challenge cashew none black bob");
    EXPECT(r, a, "ok challenge 3");
    EXPECT(r, b, "challenge 3 alice cashew none black bob");
    rig_free(r);
}

/* Glickman's worked example ("Example of the Glicko-2 system", 2013):
 * 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300, tau 0.5:
 * 1464.06, 151.52, 0.05999. */
static void rating__glicko2__glickmans_worked_example(void **state)
{
    (void)state;
    Rating p = {1500, 200, 0.06, 0};
    const Rating opp[3] = {{1400, 30, 0.06, 0}, {1550, 100, 0.06, 0}, {1700, 300, 0.06, 0}};
    const double score[3] = {1, 0, 0};
    Rating r = rating_glicko2(p, opp, score, 3, 0.5);
    if (fabs(r.r - 1464.06) > 0.01 || fabs(r.rd - 151.52) > 0.01 || fabs(r.vol - 0.05999) > 0.00001)
        fail_msg("Glicko-2 gives %.4f / %.4f / %.6f, not 1464.06 / 151.52 / 0.05999", r.r, r.rd, r.vol);
    assert_int_equal(r.games, 3);
    /* a period without games: only the deviation grows, sqrt(phi^2 + sigma^2) */
    Rating idle = rating_glicko2(p, NULL, NULL, 0, 0.5);
    assert_true(fabs(idle.r - 1500) < 1e-9 && idle.rd > 200 && idle.rd < 201);
    /* the bounds of rating_update: a new player's deviation stays at most 350 */
    Rating fresh = rating_update(rating_new(), NULL, NULL, 0, RATING_TAU);
    assert_true(fresh.rd <= RATING_RD_START);
    assert_true(rating_provisional(&fresh));
}

/* A rated game moves both ratings as Glicko-2 says; a casual one does not. */
static void rated_game__result__both_ratings_move_as_glicko2_says(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), w = join(r, "carol");
    say(r, w, "lobby on");
    EXPECT(r, w, "lobby-end");
    NOT(r, w, "rating ");
    say(r, a, "challenge shogun 5 white - rated");
    EXPECT(r, a, "ok challenge 1");
    EXPECT(r, w, "challenge 1 alice shogun 5 white - rated");
    say(r, a, "challenge shogun 5 white - sometimes");
    EXPECT(r, a, "error args rated or casual");
    say(r, b, "accept 1");
    EXPECT(r, b, "game 1 shogun 5 alice bob black ");
    AND(r, b, " rated");
    say(r, a, "move 1 0 e2e4");
    say(r, b, "resign 1");
    EXPECT(r, a, "end 1 1-0 resignation");
    Rating fresh = rating_new(), win = rating_update(fresh, &fresh, (double[]){1}, 1, RATING_TAU),
           loss = rating_update(fresh, &fresh, (double[]){0}, 1, RATING_TAU);
    char want[120];
    snprintf(want, sizeof want, "rating alice shogun %.0f %.0f 1", win.r, win.rd);
    AND(r, a, want);
    EXPECT(r, w, want); /* the lobby hears it too */
    snprintf(want, sizeof want, "rating bob shogun %.0f %.0f 1", loss.r, loss.rd);
    AND(r, w, want);
    assert_true(win.r > 1500 && loss.r < 1500 && fabs((win.r - 1500) + (loss.r - 1500)) < 0.001);
    /* a casual game changes nothing */
    say(r, b, "challenge shogun 5 white");
    say(r, a, "accept 2");
    say(r, b, "resign 2");
    EXPECT(r, a, "end 2 0-1 resignation");
    NOT(r, a, "rating ");
    /* the leaderboard, best first */
    say(r, w, "ratings shogun");
    snprintf(want, sizeof want, "top shogun 1 alice %.0f %.0f 1\ntop shogun 2 bob %.0f %.0f 1\ntop-end shogun", win.r,
             win.rd, loss.r, loss.rd);
    EXPECT(r, w, want);
    say(r, w, "ratings chess");
    EXPECT(r, w, "error variant no variant 'chess'");
    /* after a restart, the lobby lists each player with their ratings */
    rig_stop(r);
    rig_start(r);
    a = join(r, "alice");
    w = join(r, "carol");
    say(r, w, "lobby on");
    snprintf(want, sizeof want, "player alice online\nrating alice shogun %.0f %.0f 1\n", win.r, win.rd);
    EXPECT(r, w, want);
    rig_free(r);
}

/* The chat: the lobby's channel, a game's players' and its watchers'
 * (no watcher coaches a player), each line printable ASCII or refused,
 * bounded and rated, stored and replayed to who joins, mutes. */
static void chat__lobby_players_watchers__each_hears_its_own(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), w = join(r, "carol"), x = join(r, "xena");
    say(r, x, "lobby on");
    say(r, a, "say lobby hello all");
    EXPECT(r, x, "said lobby alice hello all");
    got(r, b);
    NOT(r, b, "said"); /* bob does not follow the lobby */
    game_between(r, a, b, "shogun", "none");
    say(r, w, "watch 1");
    got(r, w);
    say(r, a, "say 1 good luck");
    EXPECT(r, b, "said 1 alice good luck");
    got(r, w);
    NOT(r, w, "good luck");
    say(r, w, "say 1 e4 wins here");
    EXPECT(r, w, "said 1 carol e4 wins here"); /* the watchers' channel: carol herself */
    got(r, a);
    NOT(r, a, "e4 wins");
    got(r, b);
    NOT(r, b, "e4 wins");
    say(r, x, "say 1 hi");
    EXPECT(r, x, "error state you neither play nor watch game 1");
    /* a hostile line: an escape sequence, a bidi override, a newline: refused whole by the protocol */
    static const char esc[] = "say 1 \x1b[2Jgone\n", bidi[] = "say 1 \xe2\x80\xaereversed\n";
    server_input(r->s, a, esc, strlen(esc));
    EXPECT(r, a, "error line byte 0x1b");
    server_input(r->s, a, bidi, strlen(bidi));
    EXPECT(r, a, "error line byte 0xe2");
    got(r, b);
    NOT(r, b, "said");
    char big[NET_CHAT_MAX + 2];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = 0;
    say(r, a, "say 1 %s", big);
    EXPECT(r, a, "error args a chat line of 301 characters: at most 300");
    say(r, a, "say 1    ");
    EXPECT(r, a, "error args say lobby TEXT");
    for (int i = 0; i < 4; i++) /* alice said two already: five at once, then one every 2 s */
        say(r, a, "say 1 line %d", i);
    EXPECT(r, a, "error rate at most 5 chat lines at once");
    r->now += 2000;
    say(r, a, "say 1 again");
    EXPECT(r, b, "said 1 alice again");
    say(r, b, "mute alice");
    EXPECT(r, b, "ok mute");
    r->now += 2000;
    say(r, a, "say 1 are you there");
    got(r, b);
    NOT(r, b, "are you there");
    say(r, b, "unmute alice");
    /* who joins gets the channel's last lines */
    int w2 = join(r, "dora");
    say(r, w2, "watch 1");
    EXPECT(r, w2, "said 1 carol e4 wins here");
    NOT(r, w2, "good luck");
    say(r, w2, "lobby on");
    EXPECT(r, w2, "said lobby alice hello all");
    /* the words after the game, between its players */
    say(r, a, "resign 1");
    r->now += 2000;
    say(r, b, "say 1 gg");
    EXPECT(r, a, "said 1 bob gg");
    rig_free(r);
}

/* The lobby sees who plays, who watches and who is idle; a game's
 * followers see who watches it; a challenge to one player lapses unanswered. */
static void presence__playing_watching_idle__and_who_watches(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), w = join(r, "carol"), x = join(r, "xena");
    say(r, x, "lobby on");
    EXPECT(r, x, "player alice online\n");
    game_between(r, a, b, "shogun", "none");
    EXPECT(r, x, "player alice online playing");
    AND(r, x, "player bob online playing");
    say(r, w, "watch 1");
    EXPECT(r, w, "watchers 1 1 carol");
    EXPECT(r, a, "watchers 1 1 carol");
    EXPECT(r, x, "player carol online watching");
    int w2 = server_connect(r->s, -1, uid_of("carol"), "carol"); /* her second screen watches too: one watcher */
    say(r, w2, "hello 1");
    say(r, w2, "watch 1");
    EXPECT(r, a, "watchers 1 1 carol");
    say(r, w, "leave 1");
    say(r, w2, "leave 1");
    EXPECT(r, a, "watchers 1 0");
    EXPECT(r, x, "player carol online\n");
    server_disconnect(r->s, b);
    EXPECT(r, a, "conn 1 black 0 120"); /* away, and how long on his turn */
    b = join(r, "bob");
    say(r, a, "resign 1");
    EXPECT(r, x, "player alice online\n");
    AND(r, x, "player bob online\n");
    /* a challenge to one player lapses after two minutes unanswered */
    say(r, a, "challenge shogun 5 white bob");
    EXPECT(r, a, "ok challenge 2");
    r->now += 119999;
    server_tick(r->s);
    got(r, a);
    NOT(r, a, "withdrawn 2");
    r->now += 1;
    server_tick(r->s);
    EXPECT(r, a, "withdrawn 2 expired");
    EXPECT(r, b, "withdrawn 2 expired");
    say(r, b, "accept 2");
    EXPECT(r, b, "error not-found no challenge 2");
    rig_free(r);
}

/* A game called off before a player's own first move: no result, nothing kept. */
static void abort__before_ones_first_move__no_result_nothing_kept(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), x = join(r, "xena");
    say(r, x, "lobby on");
    r->cfg.log = NULL;
    say(r, a, "challenge shogun 5 white - rated");
    say(r, b, "accept 1");
    say(r, a, "move 1 0 e2e4");
    say(r, a, "abort 1");
    EXPECT(r, a, "error state too late to abort game 1: you have moved");
    say(r, x, "abort 1");
    EXPECT(r, x, "error state you do not play in game 1");
    say(r, b, "abort 1"); /* bob has not moved yet */
    EXPECT(r, b, "end 1 * aborted");
    EXPECT(r, a, "end 1 * aborted");
    NOT(r, a, "rating ");
    EXPECT(r, x, "over 1 * aborted");
    AND(r, x, "player alice online\n");
    say(r, a, "record 1");
    EXPECT(r, a, "error not-found no game 1");
    say(r, a, "history");
    EXPECT(r, a, "past-end");
    NOT(r, a, "past 1");
    say(r, a, "challenge shogun 5 white");
    EXPECT(r, a, "ok challenge 2"); /* free to play again */
    rig_stop(r);
    assert_true(server_check_db(r->db, stderr));
    rig_free(r);
}

/* Challenge numbers go on after a restart: "accept 1" sent to the old
 * server never takes another player's new challenge. */
static void challenge_numbers__never_given_twice__even_after_a_restart(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice");
    say(r, a, "challenge shogun 5 white");
    EXPECT(r, a, "ok challenge 1");
    rig_stop(r);
    rig_start(r);
    a = join(r, "alice");
    say(r, a, "challenge shogun 5 white");
    EXPECT(r, a, "ok challenge 2");
    rig_free(r);
}

static void challenge_accept__both_players_follow_the_new_game(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), w = join(r, "carol");
    say(r, w, "lobby on");
    EXPECT(r, w, "lobby-end");
    say(r, a, "challenge shogun 5+3 black");
    EXPECT(r, a, "ok challenge 1");
    EXPECT(r, w, "challenge 1 alice shogun 5+3 black");
    say(r, a, "accept 1");
    EXPECT(r, a, "error state that is your own challenge");
    say(r, b, "accept 1");
    EXPECT(r, b, "ok accept 1");
    AND(r, b, "game 1 shogun 5+3 bob alice white ");
    AND(r, b, "state 1 0 300000:0:0 300000:0:0 - 1 1 - 0");
    EXPECT(r, a, "game 1 shogun 5+3 bob alice black ");
    EXPECT(r, w, "withdrawn 1");
    AND(r, w, "live 1 shogun 5+3 bob alice 0");
    say(r, b, "accept 1");
    EXPECT(r, b, "error not-found no challenge 1");
    say(r, a, "challenge cashew none white");
    EXPECT(r, a, "error state you have a game running");
    say(r, w, "challenge nosuch 5 white");
    EXPECT(r, w, "error variant no variant 'nosuch'");
    say(r, w, "challenge shogun 4h white");
    EXPECT(r, w, "error clock at most 3 hours");
    say(r, w, "challenge shogun 5 purple");
    EXPECT(r, w, "error colour");
    for (int i = 0; i < 3; i++)
        say(r, w, "challenge shogun 5 random");
    say(r, w, "challenge shogun 5 random");
    EXPECT(r, w, "error limit you have 3 open challenges");
    say(r, w, "cancel 3");
    EXPECT(r, w, "ok cancel 3");
    rig_free(r);
}

static void move__legal__stored_and_sent_to_players_and_watchers(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), w = join(r, "carol");
    int64_t g = game_between(r, a, b, "shogun", "5+3");
    say(r, w, "watch %lld", (long long)g);
    EXPECT(r, w, "game 1 shogun 5+3 alice bob watch");
    say(r, a, "move 1 0 e2e4");
    /* no clock runs before its side's first move, as on pychess.org */
    EXPECT(r, a, "move 1 0 e2e4 300000:0:0 300000:0:0 -");
    EXPECT(r, b, "move 1 0 e2e4 300000:0:0 300000:0:0 -");
    EXPECT(r, w, "move 1 0 e2e4 ");
    r->now += 4000;
    say(r, b, "move 1 1 e7e5");
    EXPECT(r, a, "move 1 1 e7e5 300000:0:0 300000:0:0 white"); /* black's first: white's clock starts */
    say(r, w, "move 1 2 d2d4");
    EXPECT(r, w, "error state you do not play in game 1");
    say(r, b, "move 1 2 d7d5");
    EXPECT(r, b, "error turn not your move: alice is to move");
    say(r, a, "move 1 1 d2d4");
    EXPECT(r, a, "error ply the game is at ply 2, not 1");
    AND(r, a, "moves 1 0 e2e4 e7e5"); /* and the game again, to catch up */
    say(r, a, "move 1 2 e4e6");
    EXPECT(r, a, "error illegal");
    say(r, a, "move 1 2 zz");
    EXPECT(r, a, "error illegal");
    say(r, a, "move 9 2 d2d4");
    EXPECT(r, a, "error not-found no game 9");
    say(r, a, "record 1");
    EXPECT(r, a, "record 1 shogun 5+3 alice bob * none");
    AND(r, a, "moves 1 0 e2e4 e7e5\nclocks 1 0 300000:0:0 300000:0:0\nrecord-end 1");
    r->now += 4000;
    say(r, a, "move 1 2 d2d4");
    EXPECT(r, b, "move 1 2 d2d4 299000:0:0 300000:0:0 black"); /* 4 s used, 3 s added */
    say(r, a, "record 1"); /* the mover's clock after each move, for the PGN's [%clk] */
    EXPECT(r, a, "clocks 1 0 300000:0:0 300000:0:0 299000:0:0\nrecord-end 1");
    rig_free(r);
}

static void game_end__checkmate_resignation_draw__told_and_stored(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob"), w = join(r, "carol");
    say(r, w, "lobby on");
    int64_t g = game_between(r, a, b, "shogun", "none");
    const char *mate[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
    for (int i = 0; i < 4; i++)
        say(r, i % 2 ? b : a, "move %lld %d %s", (long long)g, i, mate[i]);
    EXPECT(r, a, "end 1 0-1 checkmate");
    EXPECT(r, w, "over 1 0-1 checkmate");
    g = game_between(r, a, b, "cashew", "none");
    say(r, b, "resign %lld", (long long)g);
    EXPECT(r, a, "end 2 1-0 resignation");
    g = game_between(r, a, b, "shinobiplus", "none");
    say(r, b, "draw %lld accept", (long long)g);
    EXPECT(r, b, "error state alice has not offered a draw");
    say(r, a, "draw %lld offer", (long long)g);
    EXPECT(r, b, "draw 3 white");
    say(r, a, "draw %lld offer", (long long)g);
    EXPECT(r, a, "error state your draw offer stands");
    say(r, b, "draw %lld decline", (long long)g);
    EXPECT(r, a, "draw 3 none");
    say(r, a, "draw %lld offer", (long long)g);
    say(r, a, "move 3 0 e2e4");
    EXPECT(r, b, "move 3 0 e2e4"); /* a move takes the offer back */
    say(r, b, "draw %lld accept", (long long)g);
    EXPECT(r, b, "error state alice has not offered a draw");
    say(r, b, "draw %lld offer", (long long)g);
    say(r, a, "draw %lld accept", (long long)g);
    EXPECT(r, b, "end 3 1/2-1/2 agreed-draw");
    say(r, w, "history alice");
    EXPECT(r, w, "past 3 shinobiplus none alice bob 1/2-1/2 agreed-draw");
    AND(r, w, "past 2 cashew none alice bob 1-0 resignation");
    AND(r, w, "past 1 shogun none alice bob 0-1 checkmate 1700000001 4\npast-end");
    rig_stop(r);
    assert_true(server_check_db(r->db, stderr));
    rig_free(r);
}

/* The Shinobi family through the referee: the Clan's drop into the
 * Kingdom's half refused, one on its own half taken and relayed, a reply,
 * a resignation stored with the variant (the other three variants play to
 * a result in the test above). */
static void shinobi_family__drops_refereed__game_to_a_result(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    static const char *const variants[] = {"shinobi", "shinobivchess", "shinobiplus"};
    for (int i = 0; i < 3; i++) {
        int64_t g = game_between(r, a, b, variants[i], "none");
        say(r, a, "move %lld 0 J@e6", (long long)g);
        EXPECT(r, a, "error illegal");
        say(r, a, "move %lld 0 J@e3", (long long)g);
        EXPECT(r, b, "move");
        AND(r, b, "J@e3");
        say(r, b, "move %lld 1 e7e5", (long long)g);
        EXPECT(r, a, "e7e5");
        say(r, a, "resign %lld", (long long)g);
        char want[64];
        snprintf(want, sizeof want, "end %lld 0-1 resignation", (long long)g);
        EXPECT(r, b, want);
    }
    say(r, b, "history alice");
    EXPECT(r, b, "past 3 shinobiplus none alice bob 0-1 resignation");
    AND(r, b, "past 2 shinobivchess none alice bob 0-1 resignation");
    AND(r, b, "past 1 shinobi none alice bob 0-1 resignation");
    rig_stop(r);
    assert_true(server_check_db(r->db, stderr));
    rig_free(r);
}

static void clocks__flag_falls__lost_on_time_without_a_move(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    game_between(r, a, b, "shogun", "1");
    r->now += 30000; /* no clock runs before its side's first move; the first moves have a minute each */
    assert_int_equal(server_tick(r->s), FIRST_MOVE_MS - 30000);
    say(r, a, "move 1 0 e2e4");
    EXPECT(r, b, "move 1 0 e2e4 60000:0:0 60000:0:0 -");
    r->now += 40000;
    say(r, b, "move 1 1 e7e5");
    EXPECT(r, a, "move 1 1 e7e5 60000:0:0 60000:0:0 white");
    r->now += 59000;
    int wait = server_tick(r->s);
    assert_int_equal(wait, 1001); /* the server wakes when the flag falls */
    r->now += wait;
    server_tick(r->s);
    EXPECT(r, a, "end 1 0-1 time");
    AND(r, a, "state 1 2 0:0:0 60000:0:0 - ");
    rig_free(r);
}

/* A player who makes no first move within a minute: the game never began. */
static void first_move__not_made_in_a_minute__aborted(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    game_between(r, a, b, "shogun", "5+3");
    say(r, a, "move 1 0 e2e4");
    r->now += FIRST_MOVE_MS - 1;
    server_tick(r->s);
    got(r, a);
    NOT(r, a, "end 1");
    r->now += 1;
    server_tick(r->s);
    EXPECT(r, a, "end 1 * aborted");
    EXPECT(r, b, "end 1 * aborted");
    rig_free(r);
}

static void abandon__away_on_their_turn__loses_and_back_in_time__goes_on(void **state)
{
    (void)state;
    Rig *r = rig_new();
    r->cfg.abandon_s = 5;
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    game_between(r, a, b, "shogun", "none");
    say(r, a, "move 1 0 e2e4");
    server_disconnect(r->s, b);
    EXPECT(r, a, "conn 1 black 0");
    r->now += 4000;
    server_tick(r->s);
    b = join(r, "bob"); /* back: the game where it was */
    AND(r, b, "game 1 shogun none alice bob black");
    AND(r, b, "moves 1 0 e2e4\nstate 1 1 - - - 1 1 - 0");
    EXPECT(r, a, "conn 1 black 1");
    r->now += 10000;
    server_tick(r->s);
    say(r, b, "move 1 1 e7e5");
    EXPECT(r, a, "move 1 1 e7e5");
    server_disconnect(r->s, a);
    r->now += 4999;
    server_tick(r->s);
    NOT(r, b, "end 1");
    r->now += 1;
    server_tick(r->s);
    EXPECT(r, b, "end 1 0-1 abandoned"); /* as pychess.org says, not a loss on time */
    rig_free(r);
}

static void reconnect__away_player__finds_the_game_with_the_clock_run_down(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    game_between(r, a, b, "shinobiplus", "1");
    say(r, a, "move 1 0 e2e3");
    say(r, b, "move 1 1 e7e5");
    say(r, a, "move 1 2 d2d3");
    server_disconnect(r->s, b);
    EXPECT(r, a, "conn 1 black 0");
    r->now += 30000; /* away 30 s on his turn: his clock ran all the time */
    server_tick(r->s);
    b = join(r, "bob");
    AND(r, b, "game 1 shinobiplus 1 alice bob black");
    AND(r, b, "moves 1 0 e2e3 e7e5 d2d3\nstate 1 3 60000:0:0 30000:0:0 black 1 1 - 0");
    EXPECT(r, a, "conn 1 black 1");
    rig_free(r);
}

static void restart__running_games__taken_up_where_they_were(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    game_between(r, a, b, "cashew", "10+30-byo");
    say(r, a, "move 1 0 e4e5");
    r->now += 2000;
    say(r, b, "move 1 1 e10e9");
    EXPECT(r, a, "move 1 1 e10e9 600000:1:0 600000:1:0 white"); /* no clock before a side's first move */
    r->now += 3000;
    say(r, a, "move 1 2 f4f5");
    EXPECT(r, b, "move 1 2 f4f5 597000:1:0 600000:1:0 black");
    rig_stop(r); /* nothing more is written at the end: as if it had been killed */
    r->now += 60000;
    rig_start(r);
    r->now += 1500;
    a = join(r, "alice");
    AND(r, a, "moves 1 0 e4e5 e10e9 f4f5");
    /* the time the server was down is no one's, and bob's clock waits for him */
    AND(r, a, "state 1 3 597000:1:0 600000:1:0 - 1 0 - 0");
    r->now += 5000;
    b = join(r, "bob");
    AND(r, b, "state 1 3 597000:1:0 600000:1:0 black 1 1 - 0");
    EXPECT(r, a, "state 1 3 597000:1:0 600000:1:0 black 1 1 - 0");
    r->now += 1000;
    say(r, b, "move 1 3 f10f9");
    EXPECT(r, a, "move 1 3 f10f9 597000:1:0 599000:1:0 white");
    rig_stop(r);
    assert_true(server_check_db(r->db, stderr));
    rig_free(r);
}

/* A legal move of game g that does not end it. */
static void quiet_move(Rig *r, int64_t g, char *text)
{
    Match *m = match_by_id(r->s, g);
    assert_non_null(m);
    Position *pos = m->game->pos;
    for (int i = 0; i < m->game->legal.count; i++) {
        Move mv = m->game->legal.moves[i];
        pos_make(pos, mv);
        GameResult res = game_result(pos);
        pos_unmake(pos);
        if (res.outcome == OUTCOME_NONE) {
            move_to_text(pos, mv, MOVE_FOR_PROTOCOL, text);
            return;
        }
    }
    fail_msg("no quiet move in game %lld", (long long)g);
}

static long long db_pages(const char *path)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    long long n = -1;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    if (sqlite3_prepare_v2(db, "PRAGMA page_count", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static void full_disk__move_not_stored__refused_game_waits_nothing_damaged(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    rig_stop(r);
    r->cfg.db_limit_kb = db_pages(r->db) * 4; /* not a page more than it has */
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    int64_t g = game_between(r, a, b, "shogun", "5");
    int ply = 0;
    const char *out = "";
    for (; ply < 400; ply++) {
        char mv[MOVE_TEXT_MAX];
        quiet_move(r, g, mv);
        r->now += 100; /* within the rate */
        say(r, ply % 2 ? b : a, "move %lld %d %s", (long long)g, ply, mv);
        out = got(r, ply % 2 ? b : a);
        if (strstr(out, "error storage"))
            break;
    }
    if (ply == 400)
        fail_msg("400 moves were stored under a limit of %lld KB", (long long)r->cfg.db_limit_kb);
    assert_non_null(strstr(out, "the move was not played: the move could not be stored: the disk under the "
                                "server's database is full"));
    int other = ply % 2 ? a : b;
    EXPECT(r, other, "stalled 1 1 the server cannot store moves");
    assert_int_equal(match_by_id(r->s, g)->game->rec.nmoves, ply);
    assert_int_equal(match_by_id(r->s, g)->clock.state, CLOCK_PAUSED);
    r->now += 3600 * 1000; /* the clocks wait */
    assert_int_equal(server_tick(r->s), -1);
    say(r, other, "sync %lld", (long long)g);
    EXPECT(r, other, "stalled 1 1 ");
    say(r, a, "resign %lld", (long long)g);
    EXPECT(r, b, "end 1 0-1 resignation");
    rig_stop(r);
    assert_true(server_check_db(r->db, stderr));
    rig_free(r);
}

static void limits__long_lines_floods_bad_lines_and_crowds__refused(void **state)
{
    (void)state;
    Rig *r = rig_new();
    r->cfg.rate = 5;
    r->cfg.max_per_player = 2;
    r->cfg.max_clients = 5;
    rig_start(r);
    int a = join(r, "alice");
    char big[NET_LINE_MAX + 10];
    memset(big, 'x', sizeof big);
    server_input(r->s, a, big, sizeof big);
    EXPECT(r, a, "error line a line longer than 512 bytes");
    AND(r, a, "bye line too long");
    assert_null(conn_by_id(r->s, a));
    a = join(r, "alice");
    for (int i = 0; i < 9; i++) /* a burst of ten: the last one over the bucket */
        say(r, a, "ping %d", i);
    EXPECT(r, a, "pong 8");
    say(r, a, "ping x");
    EXPECT(r, a, "error rate too many messages: at most 5 a second");
    r->now += 1000;
    say(r, a, "ping y");
    EXPECT(r, a, "pong y");
    for (int i = 0; i < 30; i++)
        say(r, a, "ping %d", i);
    EXPECT(r, a, "bye too many messages");
    assert_null(conn_by_id(r->s, a));
    a = join(r, "alice");
    for (int i = 0; i < BAD_LINES_MAX; i++) {
        r->now += 1000;
        say(r, a, "nonsense %d", i);
    }
    EXPECT(r, a, "bye too many bad lines");
    a = join(r, "alice");
    join(r, "alice");
    assert_int_equal(server_connect(r->s, -1, uid_of("alice"), "alice"), -1);
    join(r, "bob");
    join(r, "bob");
    join(r, "carol");
    assert_int_equal(server_connect(r->s, -1, uid_of("dave"), "dave"), -1); /* five at once */
    rig_free(r);
}

static void hello__silent_connection__closed_after_the_hello_time(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = server_connect(r->s, -1, 1001, "alice");
    assert_int_equal(server_tick(r->s), 10000);
    r->now += 10000;
    server_tick(r->s);
    EXPECT(r, a, "bye no hello");
    rig_free(r);
}

static void lobby__players_challenges_games__snapshot_then_changes(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    say(r, a, "challenge shogun 5 random");
    int w = join(r, "carol");
    say(r, w, "lobby on");
    EXPECT(r, w, "lobby-begin\nplayer alice online\nplayer bob online\nplayer carol online\n"
                 "challenge 1 alice shogun 5 random\nlobby-end");
    int d = join(r, "dave");
    EXPECT(r, w, "player dave online");
    server_disconnect(r->s, a);
    EXPECT(r, w, "withdrawn 1\nplayer alice offline");
    (void)b;
    (void)d;
    say(r, w, "lobby off");
    EXPECT(r, w, "ok lobby");
    rig_free(r);
}

static void check_db__a_damaged_game__found_and_named(void **state)
{
    (void)state;
    Rig *r = rig_new();
    rig_start(r);
    int a = join(r, "alice"), b = join(r, "bob");
    game_between(r, a, b, "shogun", "none");
    say(r, a, "move 1 0 e2e4");
    say(r, b, "move 1 1 e7e5");
    rig_stop(r);
    assert_true(server_check_db(r->db, stderr));
    sqlite3 *db;
    assert_int_equal(sqlite3_open(r->db, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "UPDATE moves SET move = 'e7e4' WHERE ply = 1", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_false(server_check_db(r->db, out));
    fclose(out);
    assert_non_null(strstr(text, "game 1 (shogun, alice against bob): move 2 (e7e4)"));
    assert_non_null(strstr(text, "1 games (0 finished, 1 running), 2 moves: 0 sound, 1 bad"));
    free(text);
    rig_start(r); /* a game that does not replay is left alone, and said */
    assert_null(match_by_id(r->s, 1));
    rig_free(r);
}

int test_server_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hello__the_unix_account__is_the_name),
        cmocka_unit_test(hello__shared_account__names_the_player_but_not_a_host_user),
        cmocka_unit_test(hello__silent_connection__closed_after_the_hello_time),
        cmocka_unit_test(slow_reader__closed_inside_a_cancel_broadcast__lobby_stays_sound),
        cmocka_unit_test(slow_readers__output_budget__slowest_closed_first),
        cmocka_unit_test(named_challenge__only_that_player_sees_accepts_or_declines),
        cmocka_unit_test(challenge_numbers__never_given_twice__even_after_a_restart),
        cmocka_unit_test(rating__glicko2__glickmans_worked_example),
        cmocka_unit_test(rated_game__result__both_ratings_move_as_glicko2_says),
        cmocka_unit_test(chat__lobby_players_watchers__each_hears_its_own),
        cmocka_unit_test(presence__playing_watching_idle__and_who_watches),
        cmocka_unit_test(abort__before_ones_first_move__no_result_nothing_kept),
        cmocka_unit_test(challenge_accept__both_players_follow_the_new_game),
        cmocka_unit_test(move__legal__stored_and_sent_to_players_and_watchers),
        cmocka_unit_test(game_end__checkmate_resignation_draw__told_and_stored),
        cmocka_unit_test(shinobi_family__drops_refereed__game_to_a_result),
        cmocka_unit_test(clocks__flag_falls__lost_on_time_without_a_move),
        cmocka_unit_test(first_move__not_made_in_a_minute__aborted),
        cmocka_unit_test(abandon__away_on_their_turn__loses_and_back_in_time__goes_on),
        cmocka_unit_test(reconnect__away_player__finds_the_game_with_the_clock_run_down),
        cmocka_unit_test(restart__running_games__taken_up_where_they_were),
        cmocka_unit_test(full_disk__move_not_stored__refused_game_waits_nothing_damaged),
        cmocka_unit_test(limits__long_lines_floods_bad_lines_and_crowds__refused),
        cmocka_unit_test(lobby__players_challenges_games__snapshot_then_changes),
        cmocka_unit_test(check_db__a_damaged_game__found_and_named),
    };
    return cmocka_run_group_tests_name("server", tests, NULL, NULL);
}
