/* kage server --check: every stored game replayed with the rules core.  A
 * stored game's moves and result disagree when:
 *   - a move is not legal where it stands, or comes after the end;
 *   - the moves end the game (a checkmate, a repetition ...) and the result
 *     is another, or the game is stored as running;
 *   - the moves do not end it and the result is one only the board gives
 *     (checkmate, stalemate ...), not one the moves allow (resignation,
 *     agreed draw, time);
 *   - the result cannot be (a draw by resignation or on time, a win by
 *     agreement), or the side that lost on time was not the one to move;
 *   - moves were stored after its end (two servers on one database did
 *     that): the count kept with the end is not the count stored. */
#include "server_internal.h"

#include "kage/records/game.h"
#include "kage/rules/notation.h"
#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* One game a variant (games[i] of variant_defs[i]), taken back to its start
 * for each stored game: a new one builds the variant's tables (370 KB),
 * which cost more than replaying most games. */
static Game *replayer(Game **games, const VariantDef *def, KageError *err)
{
    int i = 0;
    while (variant_defs[i] && variant_defs[i] != def)
        i++;
    if (!variant_defs[i]) { /* not one of variant_defs (check_game's come from variant_find) */
        snprintf(err->msg, sizeof err->msg, "variant '%s' is not one of Kage's", def->id);
        err->column = -1;
        return NULL;
    }
    if (!games[i])
        games[i] = game_new(def, NULL, err);
    else
        while (game_undo(games[i]))
            ;
    return games[i];
}

/* NULL when g is sound, else what is wrong with it (in why). */
static const char *check_game(const StoredGame *g, Game **games, char *why, size_t size)
{
    const VariantDef *def = variant_find(g->variant);
    KageError err;
    TimeControl tc;
    if (!def)
        return snprintf(why, size, "unknown variant '%s'", g->variant), why;
    if (!net_tc_parse(g->tc, &tc, &err))
        return snprintf(why, size, "bad time control '%s': %.300s", g->tc, err.msg), why;
    if (!net_name_ok(g->white) || !net_name_ok(g->black))
        return snprintf(why, size, "a bad player name"), why;
    Game *game = replayer(games, def, &err);
    if (!game)
        return snprintf(why, size, "%.300s", err.msg), why;
    const char *bad = NULL;
    for (int k = 0; k < g->plies && !bad; k++) {
        Move m;
        if (game_over(game))
            bad = "moves after the end of the game";
        else if (!move_from_text(game->pos, g->moves[k], MOVE_FOR_PROTOCOL, &m, &err)) {
            snprintf(why, size, "move %d (%s): %.300s", k + 1, g->moves[k], err.msg);
            bad = why;
        } else
            game_play(game, m);
    }
    GameResult stored;
    if (!bad && !net_result_parse(g->result, g->reason, &stored))
        bad = "a result that is not one";
    if (!bad && g->ended && g->end_plies != g->plies) {
        snprintf(why, size, "its end was stored after %d moves, and %d are stored", g->end_plies, g->plies);
        bad = why;
    }
    if (!bad && g->ended && (stored.reason == END_RESIGNATION || stored.reason == END_TIME ||
                             stored.reason == END_ABANDONED) &&
        stored.outcome == OUTCOME_DRAW) {
        snprintf(why, size, "a draw by %s", game_reason_text(stored.reason));
        bad = why;
    }
    if (!bad && g->ended && stored.reason == END_AGREED_DRAW && stored.outcome != OUTCOME_DRAW)
        bad = "a win by an agreed draw";
    if (!bad && g->ended && (stored.reason == END_TIME || stored.reason == END_ABANDONED) &&
        game->rec.result.outcome == OUTCOME_NONE &&
        stored.outcome == (game->pos->side == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS)) {
        snprintf(why, size, "%s %s, but %s was to move", game->pos->side == WHITE ? "black" : "white",
                 stored.reason == END_TIME ? "lost on time" : "abandoned the game",
                 game->pos->side == WHITE ? "white" : "black");
        bad = why;
    }
    if (!bad) {
        GameResult by_moves = game->rec.result;
        bool running = g->ended == 0;
        if (running && stored.outcome != OUTCOME_NONE)
            bad = "a running game with a result";
        else if (!running && stored.outcome == OUTCOME_NONE)
            bad = "a finished game without a result";
        else if (by_moves.outcome != OUTCOME_NONE && (running || by_moves.outcome != stored.outcome || by_moves.reason != stored.reason)) {
            snprintf(why, size, "the moves end it %s (%s), the database says %s (%s)",
                     game_outcome_text(by_moves.outcome), game_reason_text(by_moves.reason),
                     running ? "nothing" : game_outcome_text(stored.outcome), game_reason_text(stored.reason));
            bad = why;
        } else if (!running && by_moves.outcome == OUTCOME_NONE && stored.reason != END_RESIGNATION &&
                   stored.reason != END_AGREED_DRAW && stored.reason != END_TIME && stored.reason != END_ABANDONED) {
            snprintf(why, size, "ended by %s, which its moves do not show", game_reason_text(stored.reason));
            bad = why;
        }
    }
    return bad;
}

bool server_db_path_ok(const char *path, FILE *log, KageError *err) { return store_path_check(path, log, err); }

bool server_check_db(const char *path, FILE *out)
{
    KageError err;
    struct stat st;
    if (stat(path, &st) < 0) {
        fprintf(stderr, "kage server --check: %s: no such database\n", path);
        return false;
    }
    Store *store = store_open_existing(path, &err);
    if (!store) {
        fprintf(stderr, "kage server --check: %s\n", err.msg);
        return false;
    }
    StoredGame *gs;
    int n = store_all(store, &gs, &err);
    if (n < 0) {
        fprintf(stderr, "kage server --check: %s\n", err.msg);
        store_close(store);
        return false;
    }
    int bad = 0, running = 0, nvariants = 0;
    long moves = 0;
    while (variant_defs[nvariants])
        nvariants++;
    Game **games = xcalloc((size_t)nvariants, sizeof *games);
    for (int i = 0; i < n; i++) {
        char why[400];
        const char *w = check_game(&gs[i], games, why, sizeof why);
        running += gs[i].ended == 0;
        moves += gs[i].plies;
        if (w) {
            fprintf(out, "game %lld (%s, %s against %s): %s\n", (long long)gs[i].id, gs[i].variant, gs[i].white,
                    gs[i].black, w);
            bad++;
        }
    }
    fprintf(out, "%s: %d games (%d finished, %d running), %ld moves: %d sound, %d bad\n", path, n, n - running, running,
            moves, n - bad, bad);
    for (int i = 0; i < nvariants; i++)
        if (games[i])
            game_free(games[i]);
    free(games);
    store_games_free(gs, n);
    store_close(store);
    return bad == 0;
}
