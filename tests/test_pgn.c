/* PGN records: files written the way pychess.org and XBoard write them load
 * and replay; every malformed file names its line; games written and read
 * back are the same in every variant. */
#include "test_records.h"
#include "test_util.h"

#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/notation_cashew.h"
#include "kage/records/config.h"
#include "kage/records/pgn.h"
#include "kage/records/savegame.h"
#include "kage/rules/util.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* tests/data/pgn, found beside the reference directory when that is set. */
static const char *data_path(const char *name, char *buf, size_t size)
{
    const char *dir = getenv("KAGE_REFERENCE_DIR");
    if (dir)
        snprintf(buf, size, "%s/../data/pgn/%s", dir, name);
    else
        snprintf(buf, size, "tests/data/pgn/%s", name);
    return buf;
}

static char *slurp(const char *name, size_t *len)
{
    char path[512];
    FILE *f = fopen(data_path(name, path, sizeof path), "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0)
        if ((n += got) + 1 == cap)
            buf = xrealloc(buf, cap *= 2);
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

static PgnGames read_text(const char *text, const VariantDef *fallback)
{
    PgnGames games;
    KageError err;
    if (!pgn_read(text, strlen(text), fallback, &games, &err))
        fail_msg("read failed: %s (column %d)\n%s", err.msg, err.column, text);
    return games;
}

/* The message for a text that must be rejected. */
static const char *read_error(const char *text, KageError *err)
{
    PgnGames games = {(PgnGame *)1, 99};
    if (pgn_read(text, strlen(text), NULL, &games, err))
        fail_msg("accepted:\n%s", text);
    assert_null(games.games); /* nothing half-returned */
    assert_int_equal(games.count, 0);
    return err->msg;
}

/* The final position of game g (to free with test_release). */
static Position *final_position(const PgnGame *g)
{
    Position *pos = test_position(g->rec.def->id, NULL);
    KageError err;
    if (!record_replay(&g->rec, pos, g->rec.nmoves, &err))
        fail_msg("replay: %s", err.msg);
    return pos;
}

static void pgn_read__replays__files_written_like_pychess_and_xboard(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int game;
        const char *variant;
        int nmoves;
        GameOutcome tag, rules;
        EndReason reason;
    } cases[] = {
        {"shinobiplus-campmate.pgn", 0, "shinobiplus", 107, OUTCOME_WHITE_WINS, OUTCOME_WHITE_WINS, END_CAMPMATE},
        {"shinobiplus-perpetual-check.pgn", 0, "shinobiplus", 13, OUTCOME_BLACK_WINS, OUTCOME_BLACK_WINS,
         END_PERPETUAL_CHECK},
        {"shinobi-game.pgn", 0, "shinobi", 98, OUTCOME_BLACK_WINS, OUTCOME_BLACK_WINS, END_CHECKMATE},
        {"shogun-castling-ep.pgn", 0, "shogun", 132, OUTCOME_BLACK_WINS, OUTCOME_BLACK_WINS, END_CHECKMATE},
        {"cashew-lion-double-capture.pgn", 0, "cashew", 9, OUTCOME_WHITE_WINS, OUTCOME_NONE, END_NONE},
        {"several-games.pgn", 0, "shinobiplus", 9, OUTCOME_NONE, OUTCOME_NONE, END_NONE},
        {"several-games.pgn", 1, "shogun", 5, OUTCOME_NONE, OUTCOME_NONE, END_NONE},
        {"several-games.pgn", 2, "shinobi", 0, OUTCOME_NONE, OUTCOME_NONE, END_NONE},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        size_t len;
        char *text = slurp(cases[i].file, &len);
        PgnGames games;
        KageError err;
        if (!pgn_read(text, len, NULL, &games, &err))
            fail_msg("%s: %s", cases[i].file, err.msg);
        assert_true(cases[i].game < games.count);
        PgnGame *g = &games.games[cases[i].game];
        /* the record's result: the rules' verdict, else the [Result] with its [Termination] */
        GameResult ended = cases[i].rules != OUTCOME_NONE ? (GameResult){cases[i].rules, cases[i].reason}
                                                          : (GameResult){cases[i].tag, g->termination};
        if (strcmp(g->rec.def->id, cases[i].variant) || g->rec.nmoves != cases[i].nmoves || g->result_tag != cases[i].tag ||
            g->rec.result.outcome != ended.outcome || g->rec.result.reason != ended.reason)
            fail_msg("%s game %d: %s, %d moves, tag %s, rules %s (%s)", cases[i].file, cases[i].game, g->rec.def->id,
                     g->rec.nmoves, game_outcome_text(g->result_tag), game_outcome_text(g->rec.result.outcome),
                     game_reason_text(g->rec.result.reason));
        Position *pos = final_position(g);
        GameResult res = game_result(pos);
        assert_int_equal(res.outcome, cases[i].rules);
        test_release(pos);
        pgn_games_free(&games);
        free(text);
    }
}

/* Does game g contain a move of `kind` (and, for locust moves, `ncap` captures)? */
static bool has_move(const PgnGame *g, int kind, int ncap)
{
    Position *pos = test_position(g->rec.def->id, g->rec.start_fen);
    bool found = false;
    for (int i = 0; i < g->rec.nmoves && !found; i++) {
        int sqs[3];
        if (move_kind(g->rec.moves[i]) == kind &&
            (kind != MOVE_LOCUST || cashew_move_captures(pos, g->rec.moves[i], sqs) == ncap))
            found = true;
        pos_make(pos, g->rec.moves[i]);
    }
    test_release(pos);
    return found;
}

static void pgn_read__special_moves__drops_promotions_castling_ep_lion(void **state)
{
    (void)state;
    size_t len;
    char *text = slurp("shogun-castling-ep.pgn", &len);
    PgnGames games;
    KageError err;
    assert_true(pgn_read(text, len, NULL, &games, &err));
    PgnGame *g = &games.games[0];
    assert_true(has_move(g, MOVE_CASTLE, 0));
    assert_true(has_move(g, MOVE_EP, 0));
    assert_true(has_move(g, MOVE_PROMO, 0));
    assert_true(has_move(g, MOVE_DROP, 0));
    assert_int_equal(g->tc.kind, CLOCK_FISCHER);
    assert_int_equal(g->tc.base_ms, 600000);
    assert_string_equal(pgn_tag(g, "White"), "alice");
    pgn_games_free(&games);
    free(text);

    text = slurp("cashew-lion-double-capture.pgn", &len);
    assert_true(pgn_read(text, len, NULL, &games, &err));
    g = &games.games[0];
    assert_true(has_move(g, MOVE_LOCUST, 2)); /* the double capture */
    Position *pos = final_position(g);
    char fen[1024];
    pos_get_fen(pos, fen, sizeof fen);
    /* the Lion became a Berserker on e10; d9 and e10's Pawn are gone */
    assert_non_null(strstr(fen, "/1ppp+L!pppppp2/p8d'1p1/"));
    assert_int_equal(g->termination, END_RESIGNATION);
    assert_string_equal(g->comments[3], "the Lion jumps over c3");
    test_release(pos);
    pgn_games_free(&games);
    free(text);
}

static void pgn_read__comments_kept__variations_and_nags_skipped(void **state)
{
    (void)state;
    size_t len;
    char *text = slurp("several-games.pgn", &len);
    PgnGames games;
    KageError err;
    assert_true(pgn_read(text, len, NULL, &games, &err));
    assert_int_equal(games.count, 3);
    PgnGame *g = &games.games[0];
    assert_string_equal(g->comments[0], "The Clan starts with its pieces in hand.");
    for (int i = 1; i <= g->rec.nmoves; i++)
        assert_null(g->comments[i]); /* ';' comments are dropped, variations too */
    assert_int_equal(g->line, 4);
    assert_int_equal(games.games[1].line, 17);
    assert_int_equal(games.games[1].tc.kind, CLOCK_BYOYOMI);
    assert_int_equal(games.games[1].tc.extra_ms, 30000);
    /* Shogun game from a FEN at move 40: its moves, in UCI, from there */
    Position *pos = final_position(&games.games[1]);
    char fen[256];
    pos_get_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "4k3/3+P4/8/8/4p3/8/3K4/8[] b - - 1 42");
    test_release(pos);
    pgn_games_free(&games);
    free(text);
}

static void pgn_read__accepts_what_people_type__move_forms(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *uci; /* the moves read, in UCI */
    } cases[] = {
        {"[Variant \"shinobiplus\"]\n1.e4 e5 2.J@c3 *", "e2e4 e7e5 J@c3"},
        {"\xef\xbb\xbf[Variant \"Shogun\"]\r\n[Event \"CRLF\"]\r\n\r\n1. e4 {a\r\ncomment} e5\r\n*\r\n", "e2e4 e7e5"},
        {"[Variant \"Shinobi+\"]\n1. e2e4 e7e5 2. J*c3 Nc6 *", "e2e4 e7e5 J@c3 b8c6"},
        {"[Variant \"SHINOBIPLUS\"]\n1. e4 $1 1... e5!? 2. J@c3?? {x} (2. d4 exd4) *", "e2e4 e7e5 J@c3"},
        {"[Variant \"shinobiplus\"]\n%escape line\n1. e4 ; rest of line\ne5 1/2-1/2", "e2e4 e7e5"},
        {"[Variant \"Shogun\"]\n1. e4 d5 2. exd5 Nf6 3. Nc3 Nxd5 4. Nxd5 Qxd5 *", "e2e4 d7d5 e4d5 g8f6 b1c3 f6d5 c3d5 d8d5"},
        {"[Variant \"cashew-shogi\"]\n1. g4g5 PA g10-g9 2. g5-g6 g9g8 *", "g4g5 g10g9 g5g6 g9g8"},
        {"1. e4 e5 *", "e2e4 e7e5"}, /* no [Variant]: the fallback */
        {"[Variant \"shogun\"]\n[FEN \"4k3/2P5/8/8/8/8/8/4K3[p] w - - 0 40\"]\n40. c8=C P@e5 41. Kd2 *",
         "c7c8+ P@e5 e1d2"},
        {"[Variant \"shogun\"]\n[FEN \"4k3/2P5/8/8/8/8/8/4K3[p] b - - 0 40\"]\n40... P@e5 41. c7c8+ *", "P@e5 c7c8+"},
        /* drops in shogi coordinates (file from the right, rank from the top) and lower case */
        {"[Variant \"shinobiplus\"]\n1. e4 e5 2. J*6f Nc6 *", "e2e4 e7e5 J@c3 b8c6"},
        {"[Variant \"shogun\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[PPp] w - - 0 1\"]\n1. P*5e p*4d 2. p@c3 *",
         "P@d4 P@e5 P@c3"},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        PgnGames games = read_text(cases[i].text, variant_find("shinobiplus"));
        PgnGame *g = &games.games[0];
        Position *pos = test_position(g->rec.def->id, g->rec.start_fen);
        char got[512] = "";
        for (int k = 0; k < g->rec.nmoves; k++) {
            char uci[MOVE_TEXT_MAX];
            move_to_text(pos, g->rec.moves[k], MOVE_FOR_PROTOCOL, uci);
            if (move_kind(g->rec.moves[k]) == MOVE_PASS)
                strcpy(uci, "@@@@");
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", k ? " " : "", uci);
            pos_make(pos, g->rec.moves[k]);
        }
        if (strcmp(got, cases[i].uci))
            fail_msg("case %d: read \"%s\", expected \"%s\"", i, got, cases[i].uci);
        test_release(pos);
        pgn_games_free(&games);
    }
}

/* A game of tags alone, with neither moves nor a result, is a game of its
 * own: the next tag section does not add to it. */
static void pgn_read__new_game__after_tags_only(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "[Event \"empty\"]\n[Variant \"shogun\"]\n\n[Event \"second\"]\n[Variant \"shinobiplus\"]\n\n1. e4 e5 *\n",
        /* no blank line, but the Variant tag comes again */
        "[Variant \"shogun\"]\n[Event \"empty\"]\n[Variant \"shinobiplus\"]\n[Event \"second\"]\n1. e4 e5 *\n",
    };
    for (int i = 0; i < (int)(sizeof texts / sizeof texts[0]); i++) {
        PgnGames games = read_text(texts[i], NULL);
        assert_int_equal(games.count, 2);
        assert_int_equal(games.games[0].rec.nmoves, 0);
        assert_string_equal(games.games[0].rec.def->id, "shogun");
        assert_string_equal(pgn_tag(&games.games[0], "Event"), "empty");
        assert_int_equal(games.games[0].result_tag, OUTCOME_NONE);
        assert_int_equal(games.games[1].rec.nmoves, 2);
        assert_string_equal(games.games[1].rec.def->id, "shinobiplus");
        assert_string_equal(pgn_tag(&games.games[1], "Event"), "second");
        assert_int_equal(games.games[1].line, i ? 3 : 4);
        pgn_games_free(&games);
    }
    /* the tags of one game in any order, an [Event] among them, stay one game */
    PgnGames games = read_text("[Variant \"shogun\"]\n[Event \"one\"]\n\n1. e4 *\n", NULL);
    assert_int_equal(games.count, 1);
    assert_int_equal(games.games[0].rec.nmoves, 1);
    pgn_games_free(&games);
}

static void pgn_read__names_the_line__malformed_files(void **state)
{
    (void)state;
    static const struct {
        const char *file, *msg;
        int column;
    } cases[] = {
        {"bad-illegal-move.pgn", "line 6: there is no square e9 in Qxe9 for Clan at move 4: the board has files a-h", 16},
        {"bad-unknown-variant.pgn", "line 3: unknown variant \"Chess\" (Kage plays shinobiplus, shinobi", 10},
        {"bad-fen.pgn", "line 3: bad FEN in the [FEN] tag: side to move must be 'w' or 'b'", 54},
        {"bad-open-comment.pgn", "line 5: the comment opened here is never closed", 7},
        {"bad-tag.pgn", "line 2: the value of tag Variant is not closed on its line", 0},
        {"bad-second-game.pgn", "line 9: illegal move Ke3 for White at move 2", 12},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        size_t len;
        char *text = slurp(cases[i].file, &len);
        PgnGames games;
        KageError err;
        if (pgn_read(text, len, NULL, &games, &err))
            fail_msg("%s was accepted", cases[i].file);
        if (strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)) || err.column != cases[i].column)
            fail_msg("%s: \"%s\" column %d", cases[i].file, err.msg, err.column);
        assert_int_equal(games.count, 0);
        free(text);
    }
}

/* Tags are read in linear time (a set of names, not a scan of the earlier
 * tags for each new one: 40,000 tags took 15 s, 200,000 never ended), up to
 * PGN_MAX_TAGS in a game; more is refused with the limit named. */
static void pgn_read__many_tags__linear_with_a_limit(void **state)
{
    (void)state;
    for (int n = PGN_MAX_TAGS - 5; n <= PGN_MAX_TAGS + 1; n += 6) {
        size_t cap = (size_t)n * 24 + 64, len = 0;
        char *text = xmalloc(cap);
        len += (size_t)snprintf(text + len, cap - len, "[Variant \"shogun\"]\n");
        for (int k = 0; k < n - 1; k++)
            len += (size_t)snprintf(text + len, cap - len, "[Tag%d \"v%d\"]\n", k, k);
        len += (size_t)snprintf(text + len, cap - len, "\n1. e4 e5 *\n");
        PgnGames games;
        KageError err;
        bool ok = pgn_read(text, len, NULL, &games, &err);
        if (n <= PGN_MAX_TAGS) {
            if (!ok)
                fail_msg("%d tags: %s", n, err.msg);
            assert_int_equal(games.count, 1);
            assert_int_equal(games.games[0].ntags, n);
            assert_string_equal(pgn_tag(&games.games[0], "Tag77"), "v77");
            assert_int_equal(games.games[0].rec.nmoves, 2);
            pgn_games_free(&games);
        } else {
            assert_false(ok);
            assert_non_null(strstr(err.msg, "more than 10000 tags in one game"));
        }
        free(text);
    }
}

static void pgn_read_first__several_games__first_only_the_rest_not_read(void **state)
{
    (void)state;
    /* the second game is not even read: its illegal move is no error here */
    static const char text[] = "[Variant \"shogun\"]\n[White \"alice\"]\n\n1. e4 e5 *\n\n"
                               "[Variant \"shogun\"]\n\n1. e5 *\n";
    PgnGames games;
    KageError err;
    bool more = false;
    assert_true(pgn_read_first(text, strlen(text), NULL, &games, &more, &err));
    assert_int_equal(games.count, 1);
    assert_true(more);
    assert_string_equal(pgn_tag(&games.games[0], "White"), "alice");
    assert_int_equal(games.games[0].rec.nmoves, 2);
    pgn_games_free(&games);
    assert_false(pgn_read(text, strlen(text), NULL, &games, &err));
    /* one game: nothing more */
    assert_true(pgn_read_first(text, 41, NULL, &games, &more, &err));
    assert_int_equal(games.count, 1);
    assert_false(more);
    pgn_games_free(&games);
}

static void pgn_read__says_what_is_wrong__damaged_text(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"", "line 1: no game in the file"},
        {"   \n; only a comment\n", "line 3: no game in the file"},
        {"[Variant \"shogun\"]\n1. e4 (1. d4 d5\n", "line 2: the variation opened here is never closed"},
        {"[Variant \"shogun\"]\n1. e4 e5 ) *", "line 2: unexpected ')'"},
        {"[Variant \"shogun\"]\n1. e4 $ e5 *", "line 2: expected a number after '$'"},
        {"[Variant \"shogun\"\n", "line 1: expected ']' to close tag Variant"},
        {"[ \"shogun\"]\n", "line 1: expected a tag name"},
        {"[Variant shogun]\n", "line 1: expected the value of tag Variant in double quotes"},
        {"1. e4 e5 *", "line 1: the game has no [Variant] tag"},
        {"[Variant \"shinobiplus\"]\n[FEN \"7k/4K3/8/8/8/8/8/8[] w - - 0 1\"]\n1. Ke8 h8h7 *",
         "line 3: move h8h7 for Kingdom at move 1 comes after the end of the game (campmate)"},
        /* the side named as the variant names it */
        {"[Variant \"shinobiplus\"]\n1. e4 e5 2. Qh5 *", "line 2: illegal move Qh5 for Clan at move 2"},
        {"[Variant \"shogun\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nd4 4. Nxd4 exd4 5. Nd2 Nd2 *",
         "line 2: illegal move Nd2 for White at move 5"},
        {"[Variant \"cashew\"]\n1. LN c2-c9 *", "line 2: "},
        {"[Variant \"cashew\"]\n1. LN", "line 2: the piece code LN is not followed by its move"},
        {"[Variant \"shogun\"]\n1. e4aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa *",
         "line 2: \"e4aaaaaaaaaaaaaaaaaa...\" is too long for a move"},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        KageError err;
        const char *msg = read_error(cases[i].text, &err);
        if (strncmp(msg, cases[i].msg, strlen(cases[i].msg)))
            fail_msg("case %d: \"%s\", expected \"%s...\"", i, msg, cases[i].msg);
    }
    KageError err;
    PgnGames games;
    assert_false(pgn_read("[Event \"x\"]\n\0junk", 17, NULL, &games, &err));
    assert_string_equal(err.msg, "line 2: a NUL byte: this is not a text file");
}

/* A deterministic game of up to `plies` moves (fewer if it ends). */
static int random_game(Position *pos, Move *moves, int plies, unsigned seed)
{
    int n = 0;
    for (; n < plies && game_result(pos).outcome == OUTCOME_NONE; n++) {
        MoveList list;
        movegen_legal(pos, &list);
        if (!list.count)
            break;
        seed = seed * 1103515245u + 12345u;
        moves[n] = list.moves[(seed >> 8) % (unsigned)list.count];
        pos_make(pos, moves[n]);
    }
    return n;
}

/* Random games of every variant (drops, promotions made and declined,
 * promoted pieces moving, Cashew's multi-leg moves) written in SAN, in UCI
 * and as XBoard reads them (kage pgn --to=xboard), read back move for move. */
static void pgn_write__round_trip__every_variant(void **state)
{
    (void)state;
    for (int dialect = 0; dialect < 3; dialect++)
    for (int vi = 0; variant_defs[vi]; vi++)
        for (unsigned seed = 1; seed <= 6; seed++) {
            const VariantDef *def = variant_defs[vi];
            Position *pos = test_position(def->id, NULL);
            Move moves[200];
            int n = random_game(pos, moves, seed == 6 ? 200 : 40 + 10 * (int)seed, seed * 7919u + (unsigned)vi);
            char fen[1024], fen2[1024];
            pos_get_fen(pos, fen, sizeof fen);
            KageError err;
            TimeControl tc = {.kind = CLOCK_BYOYOMI, .base_ms = 600000, .extra_ms = 30000, .periods = 1};
            char *text = pgn_write(pos->v, &(GameRecord){.def = def, .moves = moves, .nmoves = n},
                                   &(PgnInfo){.tc = &tc, .white = "A \"quoted\" name", .uci = dialect == 1,
                                              .xboard = dialect == 2}, &err);
            assert_non_null(text);
            for (const char *line = text; *line;) { /* no line longer than 79 characters in the movetext */
                const char *eol = strchr(line, '\n');
                if (*line != '[' && eol - line > 79)
                    fail_msg("%s: a line of %d characters", def->id, (int)(eol - line));
                line = eol + 1;
            }
            PgnGames games = read_text(text, NULL);
            PgnGame *g = &games.games[0];
            assert_ptr_equal(g->rec.def, def);
            assert_int_equal(g->rec.nmoves, n);
            for (int i = 0; i < n; i++)
                if (g->rec.moves[i] != moves[i])
                    fail_msg("%s, dialect %d, seed %u: move %d read as another", def->id, dialect, seed, i + 1);
            assert_true(dialect != 2 || pgn_tag(g, "VariantMen"));
            Position *back = final_position(g);
            pos_get_fen(back, fen2, sizeof fen2);
            assert_string_equal(fen, fen2);
            assert_string_equal(pgn_tag(g, "White"), "A \"quoted\" name");
            assert_int_equal(g->tc.kind, CLOCK_BYOYOMI);
            assert_int_equal(g->rec.result.outcome, game_result(pos).outcome);
            assert_int_equal(g->result_tag, game_result(pos).outcome);
            test_release(back);
            test_release(pos);
            pgn_games_free(&games);
            free(text);
        }
}

static void pgn_write__pychess_tags__shinobiplus_game(void **state)
{
    (void)state;
    Position *pos = test_position("shinobiplus", NULL);
    const char *uci = "e2e4 e7e5 J@c3 b8c6 c3e5 c6e5 D@d4 d7d6 d4e5";
    test_play_uci(pos, uci);
    int n = pos->ply;
    Move moves[16];
    for (int i = 0; i < n; i++)
        moves[i] = pos->hist[i + 1].move;
    KageError err;
    TimeControl tc = {.kind = CLOCK_FISCHER, .base_ms = 300000, .extra_ms = 3000};
    PgnInfo info = {.date = "2024.05.01", .white = "Clan player", .black = "Kage AI level 4", .tc = &tc};
    GameRecord rec = {.def = pos->v->def, .moves = moves, .nmoves = n, .result = {OUTCOME_BLACK_WINS, END_RESIGNATION}};
    char *text = pgn_write(pos->v, &rec, &info, &err);
    const char *expected = "[Event \"Casual game\"]\n"
                           "[Site \"Kage\"]\n"
                           "[Date \"2024.05.01\"]\n"
                           "[Round \"-\"]\n"
                           "[White \"Clan player\"]\n"
                           "[Black \"Kage AI level 4\"]\n"
                           "[Result \"0-1\"]\n"
                           "[TimeControl \"300+3\"]\n"
                           "[Variant \"Shinobiplus\"]\n"
                           "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3[CFHLJDM] w kq - 0 1\"]\n"
                           "[SetUp \"1\"]\n"
                           "[Termination \"resignation\"]\n"
                           "\n"
                           "1. e4 e5 2. J@c3 Nc6 3. Jxe5 Nxe5 4. D@d4 d6 5. Dxe5+ 0-1\n";
    assert_string_equal(text, expected);
    free(text);
    /* a start with Black to move numbers its first move "N..." */
    Position *p2 = test_position("shogun", "4k3/2P5/8/8/8/8/8/4K3[p] b - - 0 40");
    Move m;
    assert_true(move_from_text(p2, "P@e5", MOVE_FOR_PEOPLE, &m, &err));
    text = pgn_write(p2->v, &(GameRecord){.def = p2->v->def, .start_fen = "4k3/2P5/8/8/8/8/8/4K3[p] b - - 0 40", .moves = &m, .nmoves = 1},
                     NULL, &err);
    assert_non_null(strstr(text, "\n\n40... P@e5 *\n"));
    assert_null(strstr(text, "Termination"));
    free(text);
    /* an illegal move is refused */
    Move bad = move_make(pos->v->sq_of[0], pos->v->sq_of[63], MOVE_NORMAL, 0);
    assert_null(pgn_write(pos->v, &(GameRecord){.def = pos->v->def, .moves = &bad, .nmoves = 1}, NULL, &err));
    assert_string_equal(err.msg, "move 1 of the game is not legal");
    test_release(p2);
    test_release(pos);
}

static void pgn_variant_find__accepts__every_spelling(void **state)
{
    (void)state;
    static const struct {
        const char *name, *id;
    } cases[] = {
        {"Shinobiplus", "shinobiplus"}, {"shinobi+", "shinobiplus"}, {"Shinobi", "shinobi"},
        {"SHOGUN", "shogun"},           {"Shogun chess", "shogun"},  {"cashew-shogi", "cashew"},
        {"Cashew Shogi", "cashew"},     {"cashew", "cashew"},        {"shinobivchess", "shinobivchess"},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        const VariantDef *def = pgn_variant_find(cases[i].name);
        assert_non_null(def);
        assert_string_equal(def->id, cases[i].id);
        assert_ptr_equal(pgn_variant_find(pgn_variant_name(def)), def);
    }
    assert_null(pgn_variant_find("chess"));
    assert_int_equal(pgn_termination_reason("perpetual check"), END_PERPETUAL_CHECK);
    assert_int_equal(pgn_termination_reason("Time forfeit"), END_TIME);
    assert_int_equal(pgn_termination_reason("normal"), END_NONE);
}

/* Every game of the reference file, exported as pychess.org does, reads
 * back to the same moves and final position. */
static void pgn_read__matches_reference__san_file(void **state)
{
    (void)state;
    char path[512], line[16384];
    FILE *f = fopen(test_reference_path("san-8x8.txt", path, sizeof path), "r");
    assert_non_null(f);
    int games = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *save = NULL;
        char *variant = strtok_r(line, "\t", &save), *fen = strtok_r(NULL, "\t", &save);
        char *uci = strtok_r(NULL, "\t", &save), *san = strtok_r(NULL, "\t", &save);
        char *final = strtok_r(NULL, "\t", &save);
        assert_non_null(final);
        /* pychess: "1. e4 e5 2. Nf3", all on one line */
        size_t cap = strlen(san) * 2 + 1024;
        char *text = xmalloc(cap), *copy = xstrdup(san), *s2 = NULL;
        int n = snprintf(text, cap, "[Event \"PyChess casual game\"]\n[Variant \"%c%s\"]\n[FEN \"%s\"]\n[SetUp \"1\"]\n\n",
                         variant[0] - 32, variant + 1, fen);
        int k = 0;
        for (char *t = strtok_r(copy, " ", &s2); t; t = strtok_r(NULL, " ", &s2), k++) {
            if (k % 2 == 0)
                n += snprintf(text + n, cap - (size_t)n, "%d. ", k / 2 + 1);
            n += snprintf(text + n, cap - (size_t)n, "%s ", t);
        }
        snprintf(text + n, cap - (size_t)n, "*\n");
        PgnGames g = read_text(text, NULL);
        Position *pos = test_position(variant, fen);
        test_play_uci(pos, uci);
        assert_int_equal(g.games[0].rec.nmoves, pos->ply);
        for (int i = 0; i < pos->ply; i++)
            assert_int_equal(g.games[0].rec.moves[i], pos->hist[i + 1].move);
        Position *back = final_position(&g.games[0]);
        char got[256];
        pos_get_fen(back, got, sizeof got);
        assert_string_equal(got, final);
        test_release(back);
        test_release(pos);
        pgn_games_free(&g);
        free(copy);
        free(text);
        games++;
    }
    fclose(f);
    assert_true(games >= 20);
}

/* The shared record: moves pushed and taken back, a replay that checks the
 * variant, the start and every move, and a clear that keeps the variant. */
static void record__push_truncate_replay__checked(void **state)
{
    (void)state;
    Position *pos = test_position("shogun", NULL);
    KageError err;
    GameRecord rec;
    record_init(&rec, pos->v->def);
    const char *uci[] = {"e2e4", "e7e5", "g1f3"};
    Position *walk = test_position("shogun", NULL);
    for (int i = 0; i < 3; i++) {
        Move m;
        assert_true(move_from_text(walk, uci[i], MOVE_FOR_PROTOCOL, &m, &err));
        record_push(&rec, m);
        pos_make(walk, m);
    }
    for (int i = 0; i < 200; i++) /* grows past its first room */
        record_push(&rec, rec.moves[0]);
    record_truncate(&rec, 3);
    assert_int_equal(rec.nmoves, 3);
    record_truncate(&rec, 7); /* never longer */
    assert_int_equal(rec.nmoves, 3);
    assert_true(record_replay(&rec, pos, 99, &err));
    char a[1024], b[1024];
    pos_get_fen(pos, a, sizeof a);
    pos_get_fen(walk, b, sizeof b);
    assert_string_equal(a, b);
    assert_true(record_replay(&rec, pos, 1, &err)); /* only the first move */
    assert_int_equal(pos->ply, 1);
    /* a move that is not legal there */
    rec.moves[2] = rec.moves[0];
    assert_false(record_replay(&rec, pos, 3, &err));
    assert_string_equal(err.msg, "move 3 of the game is not legal");
    /* a start of its own, and a position of another variant */
    record_set_start(&rec, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert_int_equal(rec.nmoves, 0);
    assert_true(record_replay(&rec, pos, 0, &err));
    pos_get_fen(pos, a, sizeof a);
    assert_string_equal(a, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    Position *other = test_position("shinobiplus", NULL);
    assert_false(record_replay(&rec, other, 0, &err));
    assert_string_equal(err.msg, "the game is shogun, the position shinobiplus");
    record_clear(&rec);
    assert_ptr_equal(rec.def, pos->v->def);
    assert_null(rec.start_fen);
    assert_int_equal(rec.nmoves, 0);
    test_release(other);
    test_release(walk);
    test_release(pos);
}

/* --- reading a stream (pgn_stream_next) ---------------------------------------- */

static void games_equal(const PgnGame *a, const PgnGame *b, int index)
{
    if (a->line != b->line || a->ntags != b->ntags || a->rec.nmoves != b->rec.nmoves || a->rec.def != b->rec.def)
        fail_msg("game %d: line %d/%d, %d/%d tags, %d/%d moves", index + 1, a->line, b->line, a->ntags, b->ntags,
                 a->rec.nmoves, b->rec.nmoves);
    for (int t = 0; t < a->ntags; t++) {
        assert_string_equal(a->tags[t].name, b->tags[t].name);
        assert_string_equal(a->tags[t].value, b->tags[t].value);
    }
    for (int k = 0; k < a->rec.nmoves; k++)
        assert_int_equal(a->rec.moves[k], b->rec.moves[k]);
    for (int k = 0; k <= a->rec.nmoves; k++) {
        const char *x = a->comments ? a->comments[k] : NULL, *y = b->comments ? b->comments[k] : NULL;
        if (x || y)
            assert_string_equal(x ? x : "(none)", y ? y : "(none)");
    }
    assert_string_equal(a->rec.start_fen ? a->rec.start_fen : "", b->rec.start_fen ? b->rec.start_fen : "");
    assert_int_equal(a->result_tag, b->result_tag);
    assert_string_equal(a->terminator, b->terminator);
    assert_int_equal(a->termination, b->termination);
    assert_int_equal(a->rec.result.outcome, b->rec.result.outcome);
    assert_int_equal(a->rec.result.reason, b->rec.result.reason);
    assert_int_equal(a->tc.kind, b->tc.kind);
}

/* text (len bytes) read as a stream from a file, against pgn_read of the
 * whole: the same games, or the games before the error (at least
 * `before`) and the same message.  Returns the games the stream gave. */
static int stream_agrees(const char *text, size_t len, int before)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    rewind(f);
    PgnGames all;
    KageError whole, err;
    bool ok = pgn_read(text, len, NULL, &all, &whole);
    PgnStream *st = pgn_stream_new(fileno(f), NULL);
    PgnGame g;
    int n = 0, got;
    while ((got = pgn_stream_next(st, &g, &err)) == 1) {
        if (ok) {
            if (n >= all.count)
                fail_msg("the stream gave more games than pgn_read (%d)", all.count);
            games_equal(&g, &all.games[n], n);
        }
        pgn_game_clear(&g);
        n++;
    }
    if (ok) {
        if (got != 0)
            fail_msg("game %d: the stream failed: %s", n + 1, err.msg);
        assert_int_equal(n, all.count);
        pgn_games_free(&all);
    } else {
        if (got != -1)
            fail_msg("the stream read %d games where pgn_read said: %s", n, whole.msg);
        assert_string_equal(err.msg, whole.msg);
        assert_true(n >= before);
        assert_int_equal(pgn_stream_next(st, &g, &err), -1); /* and stays failed */
    }
    pgn_stream_free(st);
    fclose(f);
    return n;
}

/* Every file of tests/data/pgn, good or bad, read as a stream: what
 * pgn_read reads, or its message. */
static void pgn_stream__every_data_file__as_pgn_read(void **state)
{
    (void)state;
    static const char *const files[] = {
        "bad-fen.pgn", "bad-illegal-move.pgn", "bad-open-comment.pgn", "bad-second-game.pgn", "bad-tag.pgn",
        "bad-unknown-variant.pgn", "cashew-lion-double-capture.pgn", "several-games.pgn", "shinobi-game.pgn",
        "shinobiplus-campmate.pgn", "shinobiplus-perpetual-check.pgn", "shogun-castling-ep.pgn",
    };
    for (int i = 0; i < (int)(sizeof files / sizeof files[0]); i++) {
        size_t len;
        char *text = slurp(files[i], &len);
        stream_agrees(text, len, 0);
        free(text);
    }
    assert_int_equal(stream_agrees("", 0, 0), 0); /* no game in the file */
    assert_int_equal(stream_agrees("\xef\xbb\xbf[Variant \"shogun\"]\n\n1. e4 *\n", 28, 0), 1);
}

/* A text of n bytes with the games of a collection: small and large, with
 * comments, variations, escape and ';' lines, tag-only games and games
 * without a result, so that the window's ends fall everywhere (in a tag, a
 * comment, a move, between a result and the next tag ...). */
static char *collection(int ngames, size_t *len)
{
    size_t cap = 1 << 20, n = 0;
    char *text = xmalloc(cap);
    uint32_t seed = 12345;
    for (int i = 0; i < ngames; i++) {
        seed = seed * 1103515245u + 12345u;
        int kind = (int)(seed >> 16) % 7, pad = (int)(seed >> 8) % 3000;
        if (n + (size_t)pad + 300000 > cap)
            text = xrealloc(text, cap *= 2);
        n += (size_t)sprintf(text + n, "[Event \"g%d\"]\n[Variant \"shogun\"]\n", i + 1);
        switch (kind) {
        case 0: /* a long comment */
            n += (size_t)sprintf(text + n, "\n1. e4 {");
            memset(text + n, 'c', (size_t)pad * 7);
            n += (size_t)pad * 7;
            n += (size_t)sprintf(text + n, "} e5 2. Nf3 1-0\n\n");
            break;
        case 1: /* no result: it ends at the next tag section */
            n += (size_t)sprintf(text + n, "\n1. d4 (1. c4 {a (side} c5) d5\n\n");
            break;
        case 2: /* tags only */
            n += (size_t)sprintf(text + n, "[White \"w%d\"]\n\n", pad);
            break;
        case 3: /* blank lines, ';' and '%' lines between games */
            n += (size_t)sprintf(text + n, "\n1. e4 e5 *\n;");
            memset(text + n, ' ', (size_t)pad);
            n += (size_t)pad;
            n += (size_t)sprintf(text + n, "\n%% escaped\n\n\n");
            break;
        case 4: /* one game far longer than the window (64 KB) */
            if (i % 50 == 4) {
                n += (size_t)sprintf(text + n, "\n{");
                memset(text + n, 'L', 200000);
                n += 200000;
                n += (size_t)sprintf(text + n, "}\n");
            }
            n += (size_t)sprintf(text + n, "\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n\n");
            break;
        default: /* CRLF, a NAG, a move number run into its move */
            n += (size_t)sprintf(text + n, "\r\n1.e4 $1 e5 2.Nf3 *\r\n\r\n");
        }
    }
    *len = n;
    return text;
}

/* A collection far larger than the window: the same games as pgn_read's
 * and, when one is bad, the games before it and the same message, with the
 * line counted from the start of the input.  Blanks alone, however many,
 * are no game; after games they are nothing. */
static void pgn_stream__collection_larger_than_its_window__as_pgn_read(void **state)
{
    (void)state;
    size_t len;
    char *text = collection(3000, &len);
    assert_true(len > 10 * 65536);
    assert_int_equal(stream_agrees(text, len, 0), 3000 - 0);
    /* an illegal move in a game far into it */
    char *at = strstr(text, "[Event \"g2500\"]");
    assert_non_null(at);
    char *bad = xmalloc(len + 64);
    size_t head = (size_t)(at - text);
    memcpy(bad, text, head);
    size_t n = head + (size_t)sprintf(bad + head, "[Variant \"shogun\"]\n\n1. e4 e4 *\n\n");
    memcpy(bad + n, at, len - head);
    assert_int_equal(stream_agrees(bad, n + len - head, 2499), 2499);
    /* a NUL byte there instead */
    bad[head + 25] = 0;
    assert_int_equal(stream_agrees(bad, n + len - head, 2499), 2499);
    free(bad);
    free(text);
    /* a ';' line after a whole game, longer than the window: skipped whole
     * (its tail, read again alone, would be moves) */
    char *semi = xmalloc(400000);
    size_t m = (size_t)sprintf(semi, "[Variant \"shogun\"]\n\n1. e4 *\n;");
    while (m < 300000)
        m += (size_t)sprintf(semi + m, " 1. e4 e4 {");
    m += (size_t)sprintf(semi + m, "\n%% and 1. e4 e4 {\n[Variant \"shogun\"]\n\n1. d4 *\n");
    assert_int_equal(stream_agrees(semi, m, 2), 2);
    assert_int_equal(stream_agrees(semi + 28, m - 28, 1), 1); /* and before the first game */
    free(semi);
    /* 300,000 blanks: no game; after a game: nothing more */
    size_t blanks = 300000;
    char *white = xmalloc(blanks + 64);
    memset(white, ' ', blanks);
    for (size_t k = 80; k < blanks; k += 81)
        white[k] = '\n';
    stream_agrees(white, blanks, 0);
    size_t g = (size_t)sprintf(white, "[Variant \"shogun\"]\n\n1. e4 *\n");
    white[g] = ' ';
    assert_int_equal(stream_agrees(white, blanks, 1), 1);
    free(white);
}

/* The autosave is Kage's own file: a symbolic link put in its place (or in
 * the place of its lock) is replaced or refused, never written through
 * (issue 77: the next move overwrote the file the link named). */
static void savegame_write__a_link_in_its_place__replaced_not_followed(void **state)
{
    (void)state;
    char dir[64], save[128], victim[128], lock[160];
    snprintf(dir, sizeof dir, "/tmp/kage-test-autosave-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(save, sizeof save, "%s/autosave.pgn", dir);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    snprintf(lock, sizeof lock, "%s.lock", save);
    FILE *f = fopen(victim, "w");
    assert_non_null(f);
    fputs("precious\n", f);
    fclose(f);
    SaveGame s = {.level = 4, .mode = "hotseat"};
    record_init(&s.rec, variant_find("shogun"));
    KageError err;
    assert_true(savegame_write(&s, NULL, save, &err));
    assert_int_equal(unlink(save), 0);
    assert_int_equal(symlink("victim", save), 0);
    if (!savegame_write(&s, NULL, save, &err))
        fail_msg("savegame_write over a link: %s", err.msg);
    size_t len;
    char *text = config_read_file(victim, &len, &err);
    assert_non_null(text);
    assert_string_equal(text, "precious\n"); /* the file the link named is untouched */
    free(text);
    struct stat st;
    assert_int_equal(lstat(save, &st), 0);
    assert_true(S_ISREG(st.st_mode)); /* the link itself was replaced by the autosave */
    assert_int_equal(st.st_mode & 0777, 0600);
    SaveGame r;
    assert_int_equal(savegame_load(save, NULL, NULL, &r, &err), 1);
    savegame_free(&r);
    /* a link as its lock: no lock (said), and the file it names is neither
     * created nor opened */
    assert_int_equal(symlink("lock-victim", lock), 0);
    assert_int_equal(savegame_hold(save, &err), -2);
    assert_int_equal(lstat(victim, &st), 0);
    snprintf(victim, sizeof victim, "%s/lock-victim", dir);
    assert_int_not_equal(lstat(victim, &st), 0);
    /* nothing left over but the autosave and the lock's link */
    DIR *d = opendir(dir);
    int entries = 0;
    for (struct dirent *e; (e = readdir(d));)
        entries += e->d_name[0] != '.';
    closedir(d);
    assert_int_equal(entries, 3); /* autosave.pgn, autosave.pgn.lock, victim */
    unlink(lock);
    unlink(save);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    unlink(victim);
    assert_int_equal(rmdir(dir), 0);
    savegame_free(&s);
}

int test_pgn_run(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pgn_read__replays__files_written_like_pychess_and_xboard),
        cmocka_unit_test(pgn_read__special_moves__drops_promotions_castling_ep_lion),
        cmocka_unit_test(pgn_read__comments_kept__variations_and_nags_skipped),
        cmocka_unit_test(pgn_read__accepts_what_people_type__move_forms),
        cmocka_unit_test(pgn_read__new_game__after_tags_only),
        cmocka_unit_test(pgn_read__names_the_line__malformed_files),
        cmocka_unit_test(pgn_read__says_what_is_wrong__damaged_text),
        cmocka_unit_test(pgn_read__many_tags__linear_with_a_limit),
        cmocka_unit_test(pgn_read_first__several_games__first_only_the_rest_not_read),
        cmocka_unit_test(pgn_read__matches_reference__san_file),
        cmocka_unit_test(pgn_write__round_trip__every_variant),
        cmocka_unit_test(pgn_write__pychess_tags__shinobiplus_game),
        cmocka_unit_test(pgn_variant_find__accepts__every_spelling),
        cmocka_unit_test(record__push_truncate_replay__checked),
        cmocka_unit_test(pgn_stream__every_data_file__as_pgn_read),
        cmocka_unit_test(pgn_stream__collection_larger_than_its_window__as_pgn_read),
        cmocka_unit_test(savegame_write__a_link_in_its_place__replaced_not_followed),
    };
    return cmocka_run_group_tests_name("pgn", tests, NULL, NULL);
}
