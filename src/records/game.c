/* The game controller's data: history in SAN, redo, result (see game.h). */
#include "kage/records/game.h"

#include "kage/rules/movegen.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void game_refresh(Game *g)
{
    movegen_legal(g->pos, &g->legal);
    if (!g->result_by_agreement)
        g->result = game_result(g->pos);
    if (game_over(g))
        g->legal.count = 0; /* a finished game takes no more moves */
}

Game *game_new(const VariantDef *def, const char *fen, KageError *err)
{
    Variant *v = variant_new(def, err);
    if (!v)
        return NULL;
    Position *pos = pos_new(v);
    if (fen && !pos_set_fen(pos, fen, err)) {
        pos_free(pos);
        variant_free(v);
        return NULL;
    }
    Game *g = xcalloc(1, sizeof *g);
    g->v = v;
    g->pos = pos;
    if (fen) { /* kept as the position wrote it: the record's [FEN] */
        char buf[1024];
        pos_get_fen(pos, buf, sizeof buf);
        g->start_fen = xstrdup(buf);
    }
    game_refresh(g);
    return g;
}

void game_free(Game *g)
{
    if (!g)
        return;
    pos_free(g->pos);
    variant_free(g->v);
    free(g->start_fen);
    free(g->hist);
    free(g->redo);
    free(g);
}

/* Record and make m; the redo stack is left to the caller. */
static void game_push(Game *g, Move m)
{
    if (g->nhist == g->hist_cap) {
        g->hist_cap = g->hist_cap ? 2 * g->hist_cap : 64;
        g->hist = xrealloc(g->hist, (size_t)g->hist_cap * sizeof *g->hist);
    }
    GameMove *gm = &g->hist[g->nhist++];
    char buf[MOVE_TEXT_MAX];
    gm->move = m;
    move_to_text(g->pos, m, MOVE_FOR_PEOPLE, buf);
    size_t n = strlen(buf) < sizeof gm->san ? strlen(buf) : sizeof gm->san - 1;
    memcpy(gm->san, buf, n);
    gm->san[n] = 0;
    pos_make(g->pos, m);
    game_refresh(g);
}

void game_play(Game *g, Move m)
{
    g->nredo = 0;
    game_push(g, m);
}

bool game_undo(Game *g)
{
    if (g->result_by_agreement) {
        g->result_by_agreement = false;
        game_refresh(g);
        return true;
    }
    if (g->nhist == 0)
        return false;
    if (g->nredo == g->redo_cap) {
        g->redo_cap = g->redo_cap ? 2 * g->redo_cap : 64;
        g->redo = xrealloc(g->redo, (size_t)g->redo_cap * sizeof *g->redo);
    }
    g->redo[g->nredo++] = g->hist[--g->nhist];
    pos_unmake(g->pos);
    game_refresh(g);
    return true;
}

bool game_redo(Game *g)
{
    if (g->nredo == 0 || game_over(g))
        return false;
    game_push(g, g->redo[--g->nredo].move);
    return true;
}

void game_resign(Game *g, Color loser)
{
    g->result = (GameResult){loser == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS, END_RESIGNATION};
    g->result_by_agreement = true;
    g->legal.count = 0;
}

void game_agree_draw(Game *g)
{
    g->result = (GameResult){OUTCOME_DRAW, END_AGREED_DRAW};
    g->result_by_agreement = true;
    g->legal.count = 0;
}

void game_lose_on_time(Game *g, Color loser)
{
    g->result = (GameResult){loser == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS, END_TIME};
    g->result_by_agreement = true;
    g->legal.count = 0;
}

void game_end_by(Game *g, GameResult r)
{
    if (r.outcome == OUTCOME_NONE || game_over(g))
        return;
    g->result = r;
    g->result_by_agreement = true;
    g->legal.count = 0;
}

Game *game_from_moves(const VariantDef *def, const char *fen, const Move *moves, int n, KageError *err)
{
    Game *g = game_new(def, fen, err);
    if (!g)
        return NULL;
    for (int i = 0; i < n; i++) {
        if (game_over(g) || !movegen_is_legal(g->pos, moves[i])) {
            kage_error(err, -1, "move %d is not legal there", i + 1);
            game_free(g);
            return NULL;
        }
        game_play(g, moves[i]);
    }
    return g;
}

Move *game_moves(const Game *g, bool rest, int *n)
{
    int total = g->nhist + (rest ? g->nredo : 0);
    *n = total;
    if (!total)
        return NULL;
    Move *ms = xmalloc((size_t)total * sizeof *ms);
    for (int i = 0; i < g->nhist; i++)
        ms[i] = g->hist[i].move;
    for (int i = g->nhist; i < total; i++) /* the redo stack has the next move last */
        ms[i] = g->redo[g->nredo - 1 - (i - g->nhist)].move;
    return ms;
}

char *game_fen(const Game *g)
{
    char buf[1024];
    pos_get_fen(g->pos, buf, sizeof buf);
    return xstrdup(buf);
}

const char *game_side_name(const Game *g, Color c)
{
    const VariantDef *d = g->v->def;
    const char *n = c == WHITE ? d->white_name : d->black_name;
    return n ? n : c == WHITE ? "White" : "Black";
}

void game_status_text(const Game *g, char *buf, size_t size)
{
    const GameResult *r = &g->result;
    if (r->outcome == OUTCOME_NONE) {
        snprintf(buf, size, "%s to move", game_side_name(g, g->pos->side));
        return;
    }
    if (r->outcome == OUTCOME_DRAW) {
        if (r->reason == END_AGREED_DRAW)
            snprintf(buf, size, "Draw agreed");
        else if (r->reason == END_FIFTY_MOVES)
            snprintf(buf, size, "Draw by the 50-move rule");
        else
            snprintf(buf, size, "Draw by %s", game_reason_text(r->reason));
        return;
    }
    Color winner = r->outcome == OUTCOME_WHITE_WINS ? WHITE : BLACK;
    const char *w = game_side_name(g, winner), *l = game_side_name(g, !winner);
    /* the reason after a colon reads well for every reason: "Sente wins:
     * King captured"; the loser is named where the reason is about them */
    if (r->reason == END_RESIGNATION)
        snprintf(buf, size, "%s wins: %s resigned", w, l);
    else if (r->reason == END_TIME)
        snprintf(buf, size, "%s wins: %s lost on time", w, l);
    else if (r->reason == END_NONE)
        snprintf(buf, size, "%s wins", w);
    else
        snprintf(buf, size, "%s wins: %s", w, game_reason_text(r->reason));
}

int game_moves_matching(const Game *g, int from, int drop_type, int to, Move *out, int max)
{
    int n = 0;
    for (int i = 0; i < g->legal.count; i++) {
        Move m = g->legal.moves[i];
        bool drop = move_kind(m) == MOVE_DROP;
        if (from != NO_SQUARE ? (drop || move_from(m) != from) : (!drop || move_drop_type(m) != drop_type))
            continue;
        if (to >= 0 && move_to(m) != to)
            continue;
        if (n < max)
            out[n] = m;
        n++;
    }
    return n < max ? n : max;
}

int game_move_path(Game *g, Move m, int *path)
{
    int n = 0;
    if (move_kind(m) == MOVE_LOCUST) { /* a Lion's or Wolf's captures on the way */
        int d = g->v->dir8[move_locust_dir(m)], mask = move_locust_mask(m);
        for (int k = 0; k < 2; k++)
            if (mask & (1 << k))
                path[n++] = move_from(m) + (k + 1) * d;
    }
    path[n++] = move_to(m);
    return n;
}
