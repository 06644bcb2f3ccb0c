/* Online play on the game screen, against a server played by the test on
 * the other end of a socket pair: the lobby drawn from the server's lines,
 * a game that arrives whole, moves that go to the server and are played
 * only when they come back, the board's keys in an online game, the end,
 * and a connection that breaks.  Keys go through ui_feed_keys, the screen is
 * the model screen (test_ui_model.c). */
#include "kage/net/client.h"
#include "test_ui.h"
#include "test_ui_model.h"
#include "ui_internal.h"

#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

typedef struct Rig {
    Ui ui;
    int server; /* the test's end of the socket pair */
    char said[8192]; /* what the client sent, as read so far */
} Rig;

/* An 80x24 screen, online, connected to the test (which will welcome `me`). */
static Rig *rig_on(const char *me)
{
    (void)me;
    if (!ui_model_ready())
        skip();
    Rig *r = calloc(1, sizeof *r);
    Ui *ui = &r->ui;
    theme_builtin("default", &ui->look.theme);
    ui->look.glyphs = GLYPHS_LETTERS;
    options_defaults(&ui->opt);
    resizeterm(24, 80);
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(ui, "shinobiplus", NULL, PLAY_ONLINE, 4, &none));
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    fcntl(sv[0], F_SETFL, O_NONBLOCK); /* as net_client_connect leaves it */
    UiOnline *o = calloc(1, sizeof *o);
    net_lobby_init(&o->lobby);
    o->retry_at = -1;
    ui->online_game.draw_seen = -1;
    snprintf(o->path, sizeof o->path, "/test/server.sock");
    NetClient *c = calloc(1, sizeof *c);
    c->fd = sv[0];
    net_reader_init(&c->in, NET_SERVER_LINE_MAX);
    net_buf_init(&c->out, 1 << 20);
    o->client = c;
    ui->online = o;
    r->server = sv[1];
    ui->screen = SCREEN_LOBBY;
    return r;
}

static void rig_off(Rig *r)
{
    ui_online_free(&r->ui);
    game_free(r->ui.game);
    close(r->server);
    free(r);
}

/* The server says these lines; the screen reads them. */
static void server_says(Rig *r, const char *lines)
{
    size_t n = strlen(lines);
    assert_int_equal(write(r->server, lines, n), (ssize_t)n);
    ui_online_io(&r->ui, POLLIN);
}

/* What the client has sent so far, all of it. */
static const char *client_said(Rig *r)
{
    struct pollfd p = {r->server, POLLIN, 0};
    while (poll(&p, 1, 0) > 0) {
        size_t have = strlen(r->said);
        ssize_t k = read(r->server, r->said + have, sizeof r->said - have - 1);
        if (k <= 0)
            break;
        r->said[have + (size_t)k] = 0;
    }
    return r->said;
}

#define SAID(r, text)                                                                          \
    do {                                                                                       \
        if (!strstr(client_said(r), text))                                                     \
            fail_msg("the client did not send '%s'; it sent:\n%s", text, (r)->said);           \
    } while (0)

static void draw(Rig *r)
{
    ui_draw(&r->ui);
    refresh();
}

#define SHOWN(r, text)                                                                         \
    do {                                                                                       \
        draw(r);                                                                               \
        if (!screen_has(text)) {                                                               \
            for (int y_ = 0; y_ < LINES; y_++)                                                 \
                print_message("| %s\n", line(y_));                                             \
            fail_msg("'%s' is not on the screen", text);                                       \
        }                                                                                      \
    } while (0)

static const char lobby_lines[] = "welcome alice 1\nlobby-begin\nplayer alice online\nplayer bob online\n"
                                  "challenge 3 bob shogun 5+3 black\nlive 9 cashew none carol dave 12\nlobby-end\n"
                                  "past 2 shinobi none alice bob 1-0 campmate 1700000000 31\npast-end\n";

static void ui_lobby__server_lines__lists_drawn_and_enter_accepts(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    server_says(r, lobby_lines);
    SHOWN(r, "Kage lobby - you are alice, on /test/server.sock");
    SHOWN(r, "Online (2): alice bob");
    SHOWN(r, "> #3   bob          Shogun chess 5+3 casual, bob plays Black");
    server_says(r, "rating bob shogun 1612 80 12\n");
    SHOWN(r, "> #3   bob 1612     Shogun chess 5+3 casual, bob plays Black");
    SHOWN(r, "Online (2, rated in Shogun chess): alice bob 1612"); /* the selected row's game */
    SHOWN(r, "#9    Cashew Shogi      carol - dave  none");
    server_says(r, "rating carol cashew 1480 60 40\n");
    SHOWN(r, "#9    Cashew Shogi      carol 1480 - dave  none");
    SHOWN(r, "Shinobi           alice - bob  1-0 campmate");
    ui_feed_keys(&r->ui, "<Enter>");
    SAID(r, "accept 3\n");
    ui_feed_keys(&r->ui, "j<Enter>");
    SAID(r, "watch 9\n");
    ui_feed_keys(&r->ui, "x");
    SHOWN(r, "x withdraws a challenge of yours, or declines one made to you");
    ui_feed_keys(&r->ui, "js");
    SAID(r, "record 2\n");
    ui_feed_keys(&r->ui, "<Escape>");
    assert_int_equal(r->ui.screen, SCREEN_GAME);
    rig_off(r);
}

static void ui_lobby__a_game_in_progress_here__asks_before_accepting(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    TimeControl none = {.kind = CLOCK_NONE};
    assert_true(ui_new_game(ui, "shogun", NULL, PLAY_HOTSEAT, 4, &none));
    ui_feed_keys(ui, ":e4<Enter>");
    assert_int_equal(ui->game->rec.nmoves, 1);
    ui->screen = SCREEN_LOBBY;
    server_says(r, lobby_lines);
    ui_feed_keys(ui, "<Enter>");
    SHOWN(r, "Leave the game in progress for this one? It stays in the autosave for the next");
    assert_null(strstr(client_said(r), "accept"));
    ui_feed_keys(ui, "n");
    assert_null(strstr(client_said(r), "accept"));
    ui_feed_keys(ui, "O<Enter>y");
    SAID(r, "accept 3\n");
    rig_off(r);
}

static const char game_lines[] = "game 1 shogun 5+3 alice bob white 1700000000\n"
                                 "state 1 0 300000:0:0 300000:0:0 - 1 0 - 0\n";

static void ui_online__game_from_the_server__on_the_board_with_names_and_clocks(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    server_says(r, "welcome alice 1\n");
    server_says(r, game_lines);
    Ui *ui = &r->ui;
    assert_int_equal(ui->screen, SCREEN_GAME);
    assert_int_equal(ui->opt.mode, PLAY_ONLINE);
    assert_string_equal(ui->game->v->def->id, "shogun");
    assert_false(ui->board.flipped);
    SHOWN(r, "White: alice");
    SHOWN(r, "Black: bob, away");
    SHOWN(r, "5:00");
    SHOWN(r, "Game 1 of Shogun chess: you play White against bob");
    /* bob comes: the panel and the status line say so */
    server_says(r, "conn 1 black 1\n");
    SHOWN(r, "Online game 1: you play");
    rig_off(r);
}

static void ui_online__a_move__sent_and_played_when_it_comes_back(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    server_says(r, game_lines);
    ui_feed_keys(ui, "<Enter>kk<Enter>"); /* e2 to e4 */
    SAID(r, "move 1 0 e2e4\n");
    assert_int_equal(ui->game->rec.nmoves, 0);
    ui_feed_keys(ui, "<Enter>");
    SHOWN(r, "Your move is on its way to the server");
    server_says(r, "move 1 0 e2e4 300000:0:0 300000:0:0 black\n");
    assert_int_equal(ui->game->rec.nmoves, 1);
    assert_string_equal(ui->game->san[0], "e4");
    ui_feed_keys(ui, ":");
    SHOWN(r, "Wait: bob is to move");
    server_says(r, "move 1 1 e7e5 302000:0:0 299000:0:0 white\n");
    SHOWN(r, "bob played e5");
    assert_int_equal(ui->time.clock.state, CLOCK_RUNNING);
    assert_int_equal(ui->time.clock.turn, WHITE);
    /* a move that does not follow on: the whole game again */
    server_says(r, "move 1 5 d2d4 1:0:0 1:0:0 white\n");
    SAID(r, "sync 1\n");
    assert_int_equal(ui->game->rec.nmoves, 2);
    rig_off(r);
}

static void ui_online__board_keys__no_takebacks_resign_and_draw_go_to_the_server(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    server_says(r, game_lines);
    ui_feed_keys(ui, "u");
    SHOWN(r, "Not in an online game: the server keeps the game: no take-backs");
    ui_feed_keys(ui, "H");
    SHOWN(r, "no help from the AI in a game against a person");
    ui_feed_keys(ui, "D");
    SAID(r, "draw 1 offer\n");
    server_says(r, "draw 1 white\n");
    SHOWN(r, "Draw offered to bob");
    server_says(r, "draw 1 none\n");
    SHOWN(r, "Your draw offer was declined");
    server_says(r, "draw 1 black\n");
    SHOWN(r, "bob offers a draw: D accepts, a move declines");
    ui_feed_keys(ui, "D");
    SAID(r, "draw 1 accept\n");
    ui_feed_keys(ui, ":e4<Enter>"); /* after her first move, R resigns (before it, it aborts) */
    server_says(r, "move 1 0 e2e4 300000:0:0 300000:0:0 black\n");
    ui_feed_keys(ui, "R");
    SHOWN(r, "Resign game 1 against bob? (y/n)");
    ui_feed_keys(ui, "y");
    SAID(r, "resign 1\n");
    server_says(r, "state 1 1 300000:0:0 300000:0:0 - 1 1 - 0\nend 1 0-1 resignation\n");
    assert_true(game_over(ui->game));
    SHOWN(r, "Black wins: White resigned. O: the lobby, N: a rematch, V: review");
    ui_feed_keys(ui, "N"); /* to bob alone, the same kind of game */
    SAID(r, "challenge shogun 5+3 black bob casual\n");
    ui_feed_keys(ui, "u");
    SHOWN(r, "The server's record of the game is final: no take-backs");
    rig_off(r);
}

static void ui_online__watching__no_moves_and_the_board_follows(void **state)
{
    (void)state;
    Rig *r = rig_on("carol");
    Ui *ui = &r->ui;
    server_says(r, "welcome carol 1\n");
    server_says(r, "game 4 shogun none alice bob watch 1700000000\nmoves 4 0 e2e4\n"
                   "state 4 1 - - - 1 1 - 0\n");
    SHOWN(r, "Watching game 4 of Shogun chess: alice (White) against bob (Black)");
    ui_feed_keys(ui, ":");
    SHOWN(r, "You are watching alice against bob");
    ui_feed_keys(ui, "R");
    SHOWN(r, "You are watching: only the players can resign");
    server_says(r, "move 4 1 e7e5 - - -\n");
    assert_int_equal(ui->game->rec.nmoves, 2);
    SHOWN(r, "bob played e5");
    rig_off(r);
}

static void ui_online__connection_lost__said_and_tried_again(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    server_says(r, game_lines);
    close(r->server);
    r->server = -1;
    ui_online_io(ui, POLLIN);
    assert_null(ui->online->client);
    SHOWN(r, "The connection to the Kage server was lost (the server closed the connection):");
    SHOWN(r, "Offline: the server closed");
    assert_true(ui_online_step(ui) > 0);
    ui_feed_keys(ui, "<Enter>kk<Enter>");
    SHOWN(r, "Not connected to the Kage server (the server closed the connection): trying");
    r->server = dup(0); /* something for rig_off to close */
    rig_off(r);
}

static void ui_newgame__online_mode__a_challenge_with_the_colour_chosen(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    ui->screen = SCREEN_GAME;
    ui_open_newgame(ui);
    ui->newgame.mode = PLAY_ONLINE;
    SHOWN(r, "You play < either side at random, casual >");
    SHOWN(r, "[ Offer it in the lobby ]");
    ui_feed_keys(ui, "lll"); /* Shogun */
    ui_feed_keys(ui, "jjl"); /* the colour line: the first side */
    SHOWN(r, "You play < White, casual >");
    ui_feed_keys(ui, "lll"); /* second, then at random and rated, then the first side, rated */
    SHOWN(r, "You play < White, rated >");
    ui_feed_keys(ui, "c"); /* any clock, typed */
    SHOWN(r, "Clock (minutes+seconds a move, e.g. 1+0, 3+2, 10+30 byo): none");
    ui_feed_keys(ui, "<C-u>abc<Enter>");
    SHOWN(r, "Clock 'abc': ");
    ui_feed_keys(ui, "c<C-u>4h<Enter>");
    SHOWN(r, "Clock '4h' online: at most 3 hours");
    ui_feed_keys(ui, "c<C-u>1+0<Enter>");
    SHOWN(r, "Clock    < 1 >");
    ui_feed_keys(ui, "c<C-u>90s+2<Enter>");
    SHOWN(r, "Clock    < 90s+2 >");
    ui_feed_keys(ui, "<Enter>");
    SAID(r, "challenge shogun 90s+2 white - rated\n");
    assert_int_equal(ui->screen, SCREEN_LOBBY);
    rig_off(r);
}

/* T talks: in the lobby to everyone there, in a game to the opponent; what
 * cannot go over the protocol (not ASCII) is sent as '?'; a line heard is
 * on the screen where it belongs and in w. */
static void ui_chat__lobby_and_game__sent_and_shown(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    server_says(r, lobby_lines);
    ui_feed_keys(ui, "T");
    SHOWN(r, "Say (everyone in the lobby):");
    ui_feed_keys(ui, "hi <Escape>");
    assert_null(strstr(client_said(r), "say"));
    ui_feed_keys(ui, "T");
    ui_feed_keys(ui, "h\xc3\xa9llo  all  <Enter>");
    SAID(r, "say lobby h?llo  all\n");
    server_says(r, "said lobby bob hi alice\n");
    SHOWN(r, "bob (lobby): hi alice");
    server_says(r, game_lines);
    ui->screen = SCREEN_GAME;
    ui_feed_keys(ui, "T");
    SHOWN(r, "Say to bob:");
    ui_feed_keys(ui, "good luck<Enter>");
    SAID(r, "say 1 good luck\n");
    server_says(r, "said 1 bob you too\n");
    SHOWN(r, "bob: you too");
    server_says(r, "said lobby carol anyone for cashew?\n"); /* the lobby's, kept for w only */
    SHOWN(r, "bob: you too");
    server_says(r, "conn 1 black 1\nwatchers 1 2 carol dave\n");
    SHOWN(r, "2 watch: carol, dave");
    ui_feed_keys(ui, ":e4<Enter>");
    server_says(r, "move 1 0 e2e4 300000:0:0 300000:0:0 black\nconn 1 black 0 120\n");
    SHOWN(r, "bob is away: back within"); /* the panel's countdown */
    SHOWN(r, ", or the game is"); /* 2:00 or a second less: the screen counts real time */
    SHOWN(r, "bob is away: their clock runs, and if they are not back within 2:00 of");
    rig_off(r);
}

/* R before one's own first move aborts the game; the server's "aborted"
 * takes the screen back to the lobby. */
static void ui_online__abort_before_the_first_move__back_to_the_lobby(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    server_says(r, game_lines);
    ui_feed_keys(ui, "R");
    SHOWN(r, "Abort game 1 against bob? No result, and no rating changes (y/n)");
    ui_feed_keys(ui, "y");
    SAID(r, "abort 1\n");
    server_says(r, "state 1 0 300000:0:0 300000:0:0 - 1 1 - 0\nend 1 * aborted\n");
    assert_int_equal(ui->screen, SCREEN_LOBBY);
    SHOWN(r, "Game 1 against bob was aborted before its first moves");
    rig_off(r);
}

/* C in the lobby: a game for one player alone, chosen on the new-game screen. */
static void ui_lobby__challenge_a_player__offered_to_them_alone(void **state)
{
    (void)state;
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    server_says(r, lobby_lines);
    ui_feed_keys(ui, "C");
    SHOWN(r, "Challenge whom? bob");
    ui_feed_keys(ui, "<C-u>zed<Enter>");
    SHOWN(r, "'zed' is not another player online here");
    ui_feed_keys(ui, "C<Enter>");
    SHOWN(r, "[ Offer it in the lobby ]");
    ui_feed_keys(ui, "<Enter>");
    SAID(r, "challenge shinobiplus none random bob casual\n");
    SHOWN(r, "Casual challenge sent to bob alone");
    ui_feed_keys(ui, "c<Enter>"); /* c: to all again */
    SAID(r, "challenge shinobiplus none random - casual\n");
    rig_off(r);
}

/* Every row of the online actions table (online_keys.c), pressed in a game, as
 * a player and as a watcher: refused with its reason, or done the online
 * way (sent to the server, asked first, a prompt of its own). */
static void ui_online__every_online_action__refused_or_done_the_online_way(void **state)
{
    (void)state;
    static const struct { const char *key, *said; } refusals[] = {
        {"u", "Not in an online game: the server keeps the game: no take-backs"},
        {"r", "Not in an online game: the server keeps the game: no take-backs"},
        {"[", "Not in an online game: browsing waits for the end of the game"},
        {"]", "Not in an online game: browsing waits for the end of the game"},
        {"{", "Not in an online game: browsing waits for the end of the game"},
        {"}", "Not in an online game: browsing waits for the end of the game"},
        {"p", "Not in an online game: the clocks of an online game run on the server"},
        {"+", "Not in an online game: that is for watching the AI"},
        {"-", "Not in an online game: that is for watching the AI"},
        {"H", "Not in an online game: no help from the AI in a game against a person"},
        {"M", "Not in an online game: no AI plays here"},
        {"A", "Not in an online game: no help from the AI in a game against a person"},
        {"V", "Not in an online game: the review comes after the game"},
        {"o", "Not in an online game: the game on the board is being played: O opens the lobby"},
        {"P", "Not in an online game: the game on the board is being played: O opens the lobby"},
    };
    Rig *r = rig_on("alice");
    Ui *ui = &r->ui;
    server_says(r, "welcome alice 1\n");
    server_says(r, game_lines);
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        ui_feed_keys(ui, refusals[i].key);
        SHOWN(r, refusals[i].said);
        ui_feed_keys(ui, "<Escape>");
    }
    ui_feed_keys(ui, "N");
    SHOWN(r, "A rematch follows a finished game");
    ui_feed_keys(ui, "D");
    SAID(r, "draw 1 offer\n");
    server_says(r, "draw 1 white\n");
    ui_feed_keys(ui, "D");
    SHOWN(r, "Your draw offer stands until bob answers or a move is made");
    ui_feed_keys(ui, "n");
    SHOWN(r, "Your game against bob goes on without you, your clock running. Leave it? (y/n)");
    ui_feed_keys(ui, "<Escape>");
    ui_feed_keys(ui, "q");
    SHOWN(r, "Quit Kage? Your game against bob goes on on the server, your clock running (y/n)");
    ui_feed_keys(ui, "<Escape>");
    assert_false(ui->quit);
    ui_feed_keys(ui, "T");
    SHOWN(r, "Say to bob:");
    ui_feed_keys(ui, "<Escape>");
    server_says(r, "state 1 0 300000:0:0 300000:0:0 - 1 1 - 0\nend 1 0-1 resignation\n");
    ui_feed_keys(ui, "r");
    SHOWN(r, "The server's record of the game is final: no take-backs");
    ui_feed_keys(ui, "q");
    assert_true(ui->quit);
    rig_off(r);

    r = rig_on("carol");
    ui = &r->ui;
    server_says(r, "welcome carol 1\n");
    server_says(r, "game 4 shogun none alice bob watch 1700000000\nmoves 4 0 e2e4\n"
                   "state 4 1 - - - 1 1 - 0\n");
    ui_feed_keys(ui, "D");
    SHOWN(r, "You are watching: only the players can agree a draw");
    ui_feed_keys(ui, "T");
    SHOWN(r, "Say (the other watchers):");
    ui_feed_keys(ui, "<Escape>");
    ui_feed_keys(ui, "n");
    SAID(r, "leave 4\n");
    assert_int_equal(ui->screen, SCREEN_NEWGAME);
    rig_off(r);

    r = rig_on("carol");
    ui = &r->ui;
    server_says(r, "welcome carol 1\n");
    server_says(r, "game 4 shogun none alice bob watch 1700000000\nmoves 4 0 e2e4\n"
                   "state 4 1 - - - 1 1 - 0\nend 4 1-0 resignation\n");
    ui_feed_keys(ui, "N");
    SHOWN(r, "You watched this game: O opens the lobby, c there offers a game");
    ui_feed_keys(ui, "q");
    assert_true(ui->quit);
    rig_off(r);
}

int test_ui_online_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ui_lobby__server_lines__lists_drawn_and_enter_accepts),
        cmocka_unit_test(ui_lobby__a_game_in_progress_here__asks_before_accepting),
        cmocka_unit_test(ui_online__game_from_the_server__on_the_board_with_names_and_clocks),
        cmocka_unit_test(ui_online__a_move__sent_and_played_when_it_comes_back),
        cmocka_unit_test(ui_online__board_keys__no_takebacks_resign_and_draw_go_to_the_server),
        cmocka_unit_test(ui_online__watching__no_moves_and_the_board_follows),
        cmocka_unit_test(ui_online__connection_lost__said_and_tried_again),
        cmocka_unit_test(ui_newgame__online_mode__a_challenge_with_the_colour_chosen),
        cmocka_unit_test(ui_chat__lobby_and_game__sent_and_shown),
        cmocka_unit_test(ui_lobby__challenge_a_player__offered_to_them_alone),
        cmocka_unit_test(ui_online__abort_before_the_first_move__back_to_the_lobby),
        cmocka_unit_test(ui_online__every_online_action__refused_or_done_the_online_way),
    };
    return cmocka_run_group_tests_name("ui online", tests, ui_model_open, ui_model_close);
}
