/* Generators for the pieces of Cashew Shogi that no Betza table can express
 * (shared/rules/cashew.md section 5).  The generic loop has already walked
 * each piece's Betza string (the Lion's 24 jumps, the Wolf's steps to s1 and
 * s2, the hook movers' straight lines, see variants_cashew.c); these add
 * only what that table cannot say, so each effect (from, to, captured
 * squares) is generated exactly once:
 *   - a plain move or single capture on `to` is MOVE_NORMAL;
 *   - captures on other squares are MOVE_LOCUST (direction, mask);
 *   - the one pass of a position is MOVE_PASS, from == to. */
#include "movegen_internal.h"

static inline void push_normal(GenCtx *g, int from, int to, bool capture)
{
    gen_push(g, move_make(from, to, MOVE_NORMAL, 0), capture);
}

/* A move that removes the pieces on the first (mask 1), second (mask 2) or
 * both squares from `from` along dir8[dir], ending on `to`. */
static inline void push_locust(GenCtx *g, int from, int to, int dir, int mask)
{
    gen_push(g, move_make(from, to, MOVE_LOCUST, dir | (mask << 3)), true);
}

/* The pass of a Lion or Wolf with an empty neighbour; all passes give the same
 * position, so a position has at most one. */
static void gen_pass(GenCtx *g, int from)
{
    if (g->passed || !(g->filter & GEN_QUIET))
        return;
    const Piece *b = g->pos->board;
    for (int i = 0; i < 8; i++)
        if (b[from + g->v->dir8[i]] == PIECE_EMPTY) {
            gen_push(g, move_make(from, from, MOVE_PASS, 0), false);
            g->passed = true;
            return;
        }
}

/* Lion (5.1) beyond its jumps: capture an adjacent enemy A, then take a
 * second step from A to the start (igui), an empty square or an enemy. */
static void gen_lion(GenCtx *g, int from)
{
    const Piece *b = g->pos->board;
    const int16_t *dir8 = g->v->dir8;
    if (g->filter & GEN_NOISY)
        for (int i = 0; i < 8; i++) {
            int a = from + dir8[i];
            if (!gen_is_enemy(g, b[a]))
                continue;
            for (int j = 0; j < 8; j++) {
                int t = a + dir8[j];
                if (t == from || b[t] == PIECE_EMPTY || gen_is_enemy(g, b[t]))
                    push_locust(g, from, t, i, 1);
            }
        }
    gen_pass(g, from);
}

/* Berserker (5.2): a Lion plus a slide of up to three squares; only the third
 * square is new, the first two are Lion jumps already. */
static void gen_berserker(GenCtx *g, int from)
{
    const Piece *b = g->pos->board;
    gen_lion(g, from);
    for (int i = 0; i < 8; i++) {
        int d = g->v->dir8[i];
        if (b[from + d] != PIECE_EMPTY || b[from + 2 * d] != PIECE_EMPTY)
            continue;
        int to = from + 3 * d;
        if (b[to] == PIECE_EMPTY)
            push_normal(g, from, to, false);
        else if (gen_is_enemy(g, b[to]))
            push_normal(g, from, to, true);
    }
}

/* Wolf (5.3) beyond its plain moves to s1 and s2: igui, the locust captures
 * on its line (each optional), the move to s3 and the pass. */
static void gen_wolf(GenCtx *g, int from)
{
    const Piece *b = g->pos->board;
    for (int i = 0; i < 8; i++) {
        int d = g->v->dir8[i];
        int s1 = from + d, s2 = s1 + d, s3 = s2 + d;
        Piece p1 = b[s1], p2 = b[s2];
        if (p1 == PIECE_OFF)
            continue;
        bool e1 = gen_is_enemy(g, p1), e2 = gen_is_enemy(g, p2);
        if (e1) {
            push_locust(g, from, from, i, 1); /* igui */
            if (p2 == PIECE_EMPTY || e2)
                push_locust(g, from, s2, i, 1);
        }
        if (e2 && (p1 == PIECE_EMPTY || e1))
            push_locust(g, from, s1, i, 2); /* two out, one back */
        /* s2 on the board keeps s3 from wrapping round the padding */
        if (p2 == PIECE_OFF || (b[s3] != PIECE_EMPTY && !gen_is_enemy(g, b[s3])))
            continue;
        push_normal(g, from, s3, b[s3] != PIECE_EMPTY);
        if (e1)
            push_locust(g, from, s3, i, 1);
        if (e2)
            push_locust(g, from, s3, i, 2);
        if (e1 && e2)
            push_locust(g, from, s3, i, 3);
    }
    gen_pass(g, from);
}

/* Hook Mover and Goblin (5.4) beyond their straight lines: slide to an empty
 * turning square, turn 90 degrees, slide on (the second leg may capture).
 * `first` is 0 for the orthogonal directions, 1 for the diagonal ones.  A
 * square reached through both corners of its rectangle is one move. */
static void gen_hook(GenCtx *g, int from, int first)
{
    const Piece *b = g->pos->board;
    const int16_t *dir8 = g->v->dir8;
    uint64_t seen[(BOARD_ARRAY + 63) / 64] = {0};
    for (int i = first; i < 8; i += 2) {
        int d = dir8[i];
        int turn[2] = {dir8[(i + 2) & 7], dir8[(i + 6) & 7]};
        for (int y = from + d; b[y] == PIECE_EMPTY; y += d)
            for (int k = 0; k < 2; k++)
                for (int z = y + turn[k];; z += turn[k]) {
                    Piece p = b[z];
                    if (p != PIECE_EMPTY && !gen_is_enemy(g, p))
                        break;
                    uint64_t bit = (uint64_t)1 << (z & 63);
                    if (!(seen[z >> 6] & bit)) {
                        seen[z >> 6] |= bit;
                        push_normal(g, from, z, p != PIECE_EMPTY);
                    }
                    if (p != PIECE_EMPTY)
                        break;
                }
    }
}

void movegen_special(GenCtx *g, int from, int type)
{
    switch (g->v->type[type].def->special) {
    case SPECIAL_LION: gen_lion(g, from); break;
    case SPECIAL_BERSERKER: gen_berserker(g, from); break;
    case SPECIAL_WOLF: gen_wolf(g, from); break;
    case SPECIAL_HOOK_ORTHO: gen_hook(g, from, 0); break;
    case SPECIAL_HOOK_DIAG: gen_hook(g, from, 1); break;
    case SPECIAL_NONE: break;
    }
}

/* --- attacks ------------------------------------------------------------- */

static int sign(int x) { return (x > 0) - (x < 0); }

/* Are the n squares from+step, ..., from+n*step all empty? */
static bool leg_clear(const Position *pos, int from, int step, int n)
{
    for (int k = 1; k <= n; k++)
        if (pos->board[from + k * step] != PIECE_EMPTY)
            return false;
    return true;
}

/* A hook move from `from` to `to` through the corner reached by n1 steps of
 * step1, then n2 steps of step2 (the corner must be empty, `to` is not tested). */
static bool hook_path(const Position *pos, int from, int step1, int n1, int step2, int n2)
{
    return leg_clear(pos, from, step1, n1) && leg_clear(pos, from + n1 * step1, step2, n2 - 1);
}

/* Could a hook piece on `from` reach sq with one turn? (its straight lines
 * are in the attack tables already) */
static bool hook_reaches(const Position *pos, int from, int sq, bool diagonal)
{
    const Variant *v = pos->v;
    int x0 = v->file_of[from], y0 = v->rank_of[from];
    int dx = v->file_of[sq] - x0, dy = v->rank_of[sq] - y0, st = v->stride;
    if (!diagonal) {
        if (!dx || !dy)
            return false;
        int sx = sign(dx), sy = sign(dy), nx = dx * sx, ny = dy * sy;
        return hook_path(pos, from, sy * st, ny, sx, nx) || hook_path(pos, from, sx, nx, sy * st, ny);
    }
    /* displacement = u * (1,1) + w * (1,-1) */
    if ((dx + dy) & 1)
        return false;
    int u = (dx + dy) / 2, w = (dx - dy) / 2;
    if (!u || !w)
        return false;
    int su = sign(u), sw = sign(w), nu = u * su, nw = w * sw;
    int up = su * (1 + st), down = sw * (1 - st);
    int cx = x0 + u, cy = y0 + u; /* corner after the (1,1) leg */
    if (cx >= 0 && cx < v->files && cy >= 0 && cy < v->ranks && hook_path(pos, from, up, nu, down, nw))
        return true;
    cx = x0 + w, cy = y0 - w; /* corner after the (1,-1) leg */
    return cx >= 0 && cx < v->files && cy >= 0 && cy < v->ranks && hook_path(pos, from, down, nw, up, nu);
}

/* Is sq three squares from `from` along a line?  Returns the step, or 0. */
static int three_away(const Variant *v, int from, int sq)
{
    int dx = v->file_of[sq] - v->file_of[from], dy = v->rank_of[sq] - v->rank_of[from];
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    if ((ax != 3 && ax != 0) || (ay != 3 && ay != 0) || (!ax && !ay))
        return 0;
    return sign(dx) + sign(dy) * v->stride;
}

bool movegen_special_attacks(const Position *pos, int sq, Color by)
{
    const Variant *v = pos->v;
    for (int i = 0; i < pos->npieces[by]; i++) {
        int from = pos->plist[by][i];
        int t = piece_type(pos->board[from]), step;
        if (!((v->special_types >> t) & 1))
            continue;
        switch (v->type[t].def->special) {
        case SPECIAL_BERSERKER:
            if ((step = three_away(v, from, sq)) && leg_clear(pos, from, step, 2))
                return true;
            break;
        case SPECIAL_WOLF:
            if (three_away(v, from, sq))
                return true;
            break;
        case SPECIAL_HOOK_ORTHO:
        case SPECIAL_HOOK_DIAG:
            if (hook_reaches(pos, from, sq, v->type[t].def->special == SPECIAL_HOOK_DIAG))
                return true;
            break;
        default:
            break; /* the Lion's captures are all in its Betza jumps */
        }
    }
    return false;
}
