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
        g->rec.result = game_result(g->pos);
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
    record_init(&g->rec, def);
    if (fen) /* kept as the position wrote it: the record's [FEN] */
        record_start_at(&g->rec, pos);
    game_refresh(g);
    return g;
}

void game_free(Game *g)
{
    if (!g)
        return;
    pos_free(g->pos);
    variant_free(g->v);
    record_clear(&g->rec);
    free(g->san);
    free(g->redo);
    free(g);
}

/* Record and make m; the redo stack is left to the caller. */
static void game_push(Game *g, Move m)
{
    if (g->rec.nmoves == g->san_cap) {
        g->san_cap = g->san_cap ? 2 * g->san_cap : 64;
        g->san = xrealloc(g->san, (size_t)g->san_cap * sizeof *g->san);
    }
    char buf[MOVE_TEXT_MAX], *san = g->san[g->rec.nmoves];
    move_to_text(g->pos, m, MOVE_FOR_PEOPLE, buf);
    size_t n = strlen(buf) < GAME_SAN_MAX ? strlen(buf) : GAME_SAN_MAX - 1;
    memcpy(san, buf, n);
    san[n] = 0;
    record_push(&g->rec, m);
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
    if (g->rec.nmoves == 0)
        return false;
    if (g->nredo == g->redo_cap) {
        g->redo_cap = g->redo_cap ? 2 * g->redo_cap : 64;
        g->redo = xrealloc(g->redo, (size_t)g->redo_cap * sizeof *g->redo);
    }
    g->redo[g->nredo++] = g->rec.moves[g->rec.nmoves - 1];
    record_truncate(&g->rec, g->rec.nmoves - 1);
    pos_unmake(g->pos);
    game_refresh(g);
    return true;
}

bool game_redo(Game *g)
{
    if (g->nredo == 0 || game_over(g))
        return false;
    game_push(g, g->redo[--g->nredo]);
    return true;
}

void game_resign(Game *g, Color loser)
{
    g->rec.result = (GameResult){loser == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS, END_RESIGNATION};
    g->result_by_agreement = true;
    g->legal.count = 0;
}

void game_agree_draw(Game *g)
{
    g->rec.result = (GameResult){OUTCOME_DRAW, END_AGREED_DRAW};
    g->result_by_agreement = true;
    g->legal.count = 0;
}

void game_lose_on_time(Game *g, Color loser)
{
    g->rec.result = (GameResult){loser == WHITE ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS, END_TIME};
    g->result_by_agreement = true;
    g->legal.count = 0;
}

void game_end_by(Game *g, GameResult r)
{
    if (r.outcome == OUTCOME_NONE || game_over(g))
        return;
    g->rec.result = r;
    g->result_by_agreement = true;
    g->legal.count = 0;
}

Game *game_from_record(const GameRecord *rec, KageError *err)
{
    Game *g = game_new(rec->def, rec->start_fen, err);
    if (!g)
        return NULL;
    for (int i = 0; i < rec->nmoves; i++) {
        if (game_over(g) || !movegen_is_legal(g->pos, rec->moves[i])) {
            kage_error(err, -1, "move %d is not legal there", i + 1);
            game_free(g);
            return NULL;
        }
        game_play(g, rec->moves[i]);
    }
    game_end_by(g, rec->result);
    return g;
}

Move *game_moves(const Game *g, bool rest, int *n)
{
    int total = g->rec.nmoves + (rest ? g->nredo : 0);
    *n = total;
    if (!total)
        return NULL;
    Move *ms = xmalloc((size_t)total * sizeof *ms);
    for (int i = 0; i < g->rec.nmoves; i++)
        ms[i] = g->rec.moves[i];
    for (int i = g->rec.nmoves; i < total; i++) /* the redo stack has the next move last */
        ms[i] = g->redo[g->nredo - 1 - (i - g->rec.nmoves)];
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
    const GameResult *r = &g->rec.result;
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
    else if (r->reason == END_ABANDONED)
        snprintf(buf, size, "%s wins: %s abandoned the game", w, l);
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
