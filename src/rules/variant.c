/* Turning a VariantDef into the tables the generator walks: geometry of the
 * padded board, piece vectors per colour, attack tables, square flags,
 * castling squares and Zobrist keys.  Everything is derived once here. */
#include "kage/rules/variant.h"
#include "kage/rules/betza.h"
#include "kage/rules/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const VariantDef variant_shinobiplus, variant_shinobi, variant_shinobivchess, variant_shogun,
    variant_cashew;

const VariantDef *const variant_defs[] = {
    &variant_shinobiplus, &variant_shinobi, &variant_shinobivchess, &variant_shogun, &variant_cashew, NULL,
};

const VariantDef *variant_find(const char *id)
{
    if (!id)
        return NULL;
    for (int i = 0; variant_defs[i]; i++)
        if (!strcmp(variant_defs[i]->id, id))
            return variant_defs[i];
    for (int i = 0; variant_defs[i]; i++)
        if (variant_defs[i]->xboard_name && !strcmp(variant_defs[i]->xboard_name, id))
            return variant_defs[i];
    return NULL;
}

/* The multi-leg parts come first: XBoard keeps the kind of the last
 * generated move that matches a move it checks, and a capture that could go
 * on is a "first leg" to it, on which it drops the '+' of the promotion
 * (Cashew's Lion or Wolf promoting by a single capture stayed unpromoted on
 * XBoard's board, which then refused the Berserker's slide); the plain atoms
 * last make that capture a normal move. */
void variant_xboard_betza(const VariantDef *d, const PieceDef *pd, int side, char *out, size_t size)
{
    switch (pd->special) {
    case SPECIAL_LION: snprintf(out, size, "caKmabKKNAD"); return;
    case SPECIAL_BERSERKER: snprintf(out, size, "caKmabKK3NAD"); return;
    case SPECIAL_WOLF: snprintf(out, size, "cavKmcpafmcpavKKAD"); return;
    case SPECIAL_HOOK_ORTHO: snprintf(out, size, "RmasR"); return;
    case SPECIAL_HOOK_DIAG: snprintf(out, size, "WBmasB"); return;
    default: break;
    }
    const char *extra = "";
    if (pd->flags & PF_PAWN && d->files == 8) /* the double step: from the second rank, or anywhere where
                                               * the variant allows it from further back (no regions) */
        extra = d->double_step_region[side] ? "fmnD" : "ifmnD";
    else if ((pd->flags & PF_ROYAL) && d->castling)
        extra = "O2";
    snprintf(out, size, "%s%s", pd->betza, extra);
}

bool variant_parse_region(const char *text, int files, int ranks, Region *out, KageError *err)
{
    memset(out, 0, sizeof *out);
    const char *p = text;
    while (*p) {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        const char *tok = p;
        int f0 = 0, f1 = files - 1, r0 = 0, r1 = ranks - 1;
        if (*p == '*')
            p++;
        else if (*p >= 'a' && *p < 'a' + files)
            f0 = f1 = *p++ - 'a';
        else
            goto bad;
        if (*p == '*')
            p++;
        else if (isdigit((unsigned char)*p)) {
            int r = (int)strtol(p, (char **)&p, 10);
            if (r < 1 || r > ranks)
                goto bad;
            r0 = r1 = r - 1;
        } else
            goto bad;
        if (*p && !isspace((unsigned char)*p))
            goto bad;
        for (int r = r0; r <= r1; r++)
            for (int f = f0; f <= f1; f++)
                region_add(out, r * files + f);
        continue;
    bad:
        return kage_error(err, (int)(tok - text), "bad region \"%s\"", text);
    }
    return true;
}

int variant_square_name(const Variant *v, int sq, char *buf)
{
    return sprintf(buf, "%c%d", 'a' + v->file_of[sq], v->rank_of[sq] + 1);
}

int variant_parse_square(const Variant *v, const char *s, int *sq)
{
    if (s[0] < 'a' || s[0] >= 'a' + v->files || !isdigit((unsigned char)s[1]))
        return 0;
    int r = s[1] - '0', n = 2;
    if (isdigit((unsigned char)s[2]) && r != 0) {
        int r2 = r * 10 + (s[2] - '0');
        if (r2 <= v->ranks)
            r = r2, n = 3;
    }
    if (r < 1 || r > v->ranks)
        return 0;
    *sq = v->sq_of[(r - 1) * v->files + (s[0] - 'a')];
    return n;
}

int variant_type_by_fen(const Variant *v, const char *tok)
{
    for (int t = 1; t <= v->ntypes; t++) {
        const PieceDef *d = v->type[t].def;
        if (!strcmp(d->fen, tok) || (d->alias && !strcmp(d->alias, tok)))
            return t;
    }
    return 0;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Square flags for one colour from a region given in White's view. */
static bool apply_region(Variant *v, const char *text, Color c, unsigned flag, bool empty_means_all,
                         KageError *err)
{
    Region r;
    if (!text) {
        if (!empty_means_all)
            return true;
        for (int i = 0; i < v->nsq; i++)
            v->sqflags[c][v->sq_of[i]] |= (uint8_t)flag;
        return true;
    }
    if (!variant_parse_region(text, v->files, v->ranks, &r, err))
        return false;
    for (int i = 0; i < v->nsq; i++)
        if (region_has(&r, i))
            v->sqflags[c][v->sq_of[i]] |= (uint8_t)flag;
    return true;
}

static bool build_types(Variant *v, KageError *err)
{
    const VariantDef *d = v->def;
    if (d->npieces >= MAX_PIECE_TYPES)
        return kage_error(err, -1, "%s: too many piece types", d->id);
    v->ntypes = d->npieces;
    for (int t = 1; t <= v->ntypes; t++)
        v->type[t].def = &d->pieces[t - 1];
    for (int t = 1; t <= v->ntypes; t++) {
        PieceInfo *pi = &v->type[t];
        const PieceDef *pd = pi->def;
        if (pd->promotes && !(pi->promotes = variant_type_by_fen(v, pd->promotes)))
            return kage_error(err, -1, "%s: unknown promoted type", pd->fen);
        pi->demotes = t;
        if (pd->demotes && !(pi->demotes = variant_type_by_fen(v, pd->demotes)))
            return kage_error(err, -1, "%s: unknown demoted type", pd->fen);
        for (int u = 1; u <= v->ntypes; u++)
            if (v->type[u].def->san == pd->san)
                pi->same_san |= (uint64_t)1 << u;
        if (pd->flags & PF_ROYAL)
            v->royal_types |= (uint64_t)1 << t;
        if (pd->flags & PF_PAWN)
            v->pawn_types |= (uint64_t)1 << t;
        if (pd->special)
            v->special_types |= (uint64_t)1 << t;
    }
    /* promotion limits: "G1 A1" limits the SAN kind G to one on the board */
    if (d->promo_limit) {
        for (const char *p = d->promo_limit; *p; p++) {
            if (isspace((unsigned char)*p))
                continue;
            char kind = *p++;
            int n = (int)strtol(p, (char **)&p, 10);
            p--;
            for (int t = 1; t <= v->ntypes; t++) {
                int pt = v->type[t].promotes;
                if (pt && v->type[pt].def->san == kind)
                    v->type[t].limit = n;
            }
        }
    }
    return true;
}

static bool build_moves(Variant *v, KageError *err)
{
    for (int t = 1; t <= v->ntypes; t++) {
        BetzaVec bv[BETZA_MAX];
        int n = betza_parse(v->type[t].def->betza, bv, BETZA_MAX, err);
        if (n < 0)
            return false;
        for (Color c = WHITE; c <= BLACK; c++) {
            PieceMoves *pm = &v->moves[c][t];
            AttackTable *at = &v->attack[c];
            for (int i = 0; i < n; i++) {
                /* Black's pieces are White's turned through 180 degrees */
                int dx = c == WHITE ? bv[i].dx : -bv[i].dx;
                int dy = c == WHITE ? bv[i].dy : -bv[i].dy;
                int off = dx + dy * v->stride;
                int range = bv[i].range ? bv[i].range : MAX_FILES;
                if (range == 1) {
                    if (pm->nleap >= N_ELEMS(pm->leap))
                        return kage_error(err, -1, "%s: too many leaps", v->type[t].def->fen);
                    pm->leap[pm->nleap++] = (MoveVec){(int16_t)off, 1, bv[i].mode};
                } else {
                    if (pm->nslide >= N_ELEMS(pm->slide))
                        return kage_error(err, -1, "%s: too many slides", v->type[t].def->fen);
                    pm->slide[pm->nslide++] = (MoveVec){(int16_t)off, (uint8_t)range, bv[i].mode};
                }
                if (!(bv[i].mode & MODE_CAPTURE))
                    continue;
                if (range == 1) {
                    int k;
                    for (k = 0; k < at->nleap && at->leap[k].off != off; k++)
                        ;
                    if (k == at->nleap) {
                        if (at->nleap >= N_ELEMS(at->leap))
                            return kage_error(err, -1, "%s: too many attack vectors", v->def->id);
                        at->leap[at->nleap].off = (int16_t)off;
                        at->leap[at->nleap++].types = 0;
                    }
                    at->leap[k].types |= (uint64_t)1 << t;
                } else {
                    int k;
                    for (k = 0; k < at->nslide && at->slide[k].dir != off; k++)
                        ;
                    if (k == at->nslide) {
                        if (at->nslide >= N_ELEMS(at->slide))
                            return kage_error(err, -1, "%s: too many slide directions", v->def->id);
                        memset(&at->slide[k], 0, sizeof at->slide[k]);
                        at->slide[k].dir = (int16_t)off;
                        at->nslide++;
                    }
                    if (range > at->slide[k].maxr)
                        at->slide[k].maxr = (uint8_t)range;
                    for (int dist = 1; dist <= range && dist <= MAX_FILES; dist++)
                        at->slide[k].types_within[dist] |= (uint64_t)1 << t;
                }
            }
            if (v->type[t].def->special)
                at->special_types |= (uint64_t)1 << t;
        }
    }
    return true;
}

/* A piece is immobile on a square when none of its vectors stays on the board. */
static void build_immobility(Variant *v)
{
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < v->nsq; i++) {
            int sq = v->sq_of[i];
            for (int t = 1; t <= v->ntypes; t++) {
                const PieceMoves *pm = &v->moves[c][t];
                bool moves = v->type[t].def->special != SPECIAL_NONE;
                for (int k = 0; k < pm->nleap && !moves; k++)
                    moves = v->file_of[sq + pm->leap[k].off] >= 0;
                for (int k = 0; k < pm->nslide && !moves; k++)
                    moves = v->file_of[sq + pm->slide[k].off] >= 0;
                if (!moves)
                    v->immobile[c][sq] |= (uint64_t)1 << t;
            }
        }
}

/* Where each type may be dropped: the region, minus squares where it could
 * never move, minus the pawn restrictions. */
static void build_drops(Variant *v)
{
    const VariantDef *d = v->def;
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < v->nsq; i++) {
            int sq = v->sq_of[i];
            unsigned f = v->sqflags[c][sq];
            if (!(f & SQF_DROP))
                continue;
            for (int t = 1; t <= v->ntypes; t++) {
                if (!((v->drop_types >> t) & 1))
                    continue;
                if (d->immobility_illegal && ((v->immobile[c][sq] >> t) & 1))
                    continue;
                if ((v->pawn_types >> t) & 1) {
                    if (!d->first_rank_pawn_drops && (f & SQF_FIRST_RANK))
                        continue;
                    if (!d->zone_pawn_drops && (f & SQF_PROMO))
                        continue;
                }
                v->drop_ok[c][sq] |= (uint64_t)1 << t;
            }
        }
}

static void build_castling(Variant *v)
{
    for (int sq = 0; sq < BOARD_ARRAY; sq++)
        v->castle_mask[sq] = 15;
    if (!v->def->castling)
        return;
    for (Color c = WHITE; c <= BLACK; c++) {
        int r = c == WHITE ? 0 : v->ranks - 1;
        int kf = v->files / 2;
        v->castle_king_from[c] = v->sq_of[r * v->files + kf];
        v->castle_king_to[c][0] = v->sq_of[r * v->files + v->files - 2];
        v->castle_king_to[c][1] = v->sq_of[r * v->files + 2];
        v->castle_rook_from[c][0] = v->sq_of[r * v->files + v->files - 1];
        v->castle_rook_from[c][1] = v->sq_of[r * v->files + 0];
        v->castle_rook_to[c][0] = v->sq_of[r * v->files + v->files - 3];
        v->castle_rook_to[c][1] = v->sq_of[r * v->files + 3];
        int kbit = c == WHITE ? 1 : 4, qbit = c == WHITE ? 2 : 8;
        v->castle_mask[v->castle_king_from[c]] &= (uint8_t)~(kbit | qbit);
        v->castle_mask[v->castle_rook_from[c][0]] &= (uint8_t)~kbit;
        v->castle_mask[v->castle_rook_from[c][1]] &= (uint8_t)~qbit;
    }
}

static bool build_hand_order(Variant *v, KageError *err)
{
    const char *p = v->def->hand_order;
    v->nhand_order = 0;
    while (p && *p) {
        char tok[8];
        int n = 0;
        while (*p && !isspace((unsigned char)*p) && n < 7)
            tok[n++] = *p++;
        tok[n] = 0;
        while (isspace((unsigned char)*p))
            p++;
        int t = variant_type_by_fen(v, tok);
        if (!t)
            return kage_error(err, -1, "%s: unknown type in hand order", v->def->id);
        v->hand_order[v->nhand_order++] = t;
        v->drop_types |= (uint64_t)1 << t;
    }
    return true;
}

static void build_zobrist(Variant *v)
{
    uint64_t seed = 0x4b616765u; /* fixed: keys are the same in every run */
    for (int p = 0; p < 128; p++)
        for (int sq = 0; sq < BOARD_ARRAY; sq++)
            v->zob_piece[p][sq] = splitmix(&seed);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < MAX_PIECE_TYPES; t++) {
            v->zob_hand[c][t][0] = 0;
            for (int n = 1; n <= MAX_HAND; n++)
                v->zob_hand[c][t][n] = splitmix(&seed);
        }
    v->zob_side = splitmix(&seed);
    for (int i = 0; i < 16; i++)
        v->zob_castle[i] = i ? splitmix(&seed) : 0;
    for (int sq = 0; sq < BOARD_ARRAY; sq++)
        v->zob_ep[sq] = sq ? splitmix(&seed) : 0;
}

Variant *variant_new(const VariantDef *def, KageError *err)
{
    if (def->files > MAX_FILES || def->ranks > MAX_RANKS || def->files < 2 || def->ranks < 2) {
        kage_error(err, -1, "%s: board size out of range", def->id);
        return NULL;
    }
    Variant *v = xcalloc(1, sizeof *v);
    v->def = def;
    v->files = def->files;
    v->ranks = def->ranks;
    v->stride = def->files + BOARD_PAD;
    v->nsq = def->files * def->ranks;
    memset(v->file_of, -1, sizeof v->file_of);
    memset(v->rank_of, -1, sizeof v->rank_of);
    for (int r = 0; r < v->ranks; r++)
        for (int f = 0; f < v->files; f++) {
            int sq = BOARD_PAD + (r + BOARD_PAD) * v->stride + f;
            v->sq_of[r * v->files + f] = (uint8_t)sq;
            v->file_of[sq] = (int8_t)f;
            v->rank_of[sq] = (int8_t)r;
            v->sqflags[WHITE][sq] |= SQF_REAL;
            v->sqflags[BLACK][sq] |= SQF_REAL;
        }
    static const int d8[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
    for (int i = 0; i < 8; i++)
        v->dir8[i] = (int16_t)(d8[i][0] + d8[i][1] * v->stride);
    v->forward[WHITE] = (int16_t)v->stride;
    v->forward[BLACK] = (int16_t)-v->stride;

    if (!build_types(v, err) || !build_moves(v, err) || !build_hand_order(v, err))
        goto bad;
    for (Color c = WHITE; c <= BLACK; c++) {
        if (def->promo_rule == PROMO_ZONE_MANDATORY || def->promo_rule == PROMO_ZONE_OPTIONAL)
            if (!apply_region(v, def->promo_region[c], c, SQF_PROMO, false, err))
                goto bad;
        if (!apply_region(v, def->drop_region[c], c, SQF_DROP, true, err) ||
            !apply_region(v, def->flag_region[c], c, SQF_FLAG, false, err))
            goto bad;
        const char *ds = def->double_step_region[c] ? def->double_step_region[c] : (c == WHITE ? "*2" : NULL);
        char buf[16];
        if (!ds) {
            snprintf(buf, sizeof buf, "*%d", v->ranks - 1);
            ds = buf;
        }
        if (!apply_region(v, ds, c, SQF_DOUBLE, false, err))
            goto bad;
        for (int f = 0; f < v->files; f++)
            v->sqflags[c][v->sq_of[(c == WHITE ? 0 : v->ranks - 1) * v->files + f]] |= SQF_FIRST_RANK;
        v->ndrop_squares[c] = 0;
        for (int i = 0; i < v->nsq; i++)
            if (v->sqflags[c][v->sq_of[i]] & SQF_DROP)
                v->drop_squares[c][v->ndrop_squares[c]++] = v->sq_of[i];
    }
    build_immobility(v);
    build_drops(v);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = 1; t <= v->ntypes; t++) {
            bool immobile_somewhere = false;
            for (int sq = 0; sq < BOARD_ARRAY; sq++)
                if (v->file_of[sq] >= 0 && ((v->immobile[c][sq] >> t) & 1))
                    immobile_somewhere = true;
            if (!v->type[t].promotes && !(def->immobility_illegal && immobile_somewhere))
                v->plain_types[c] |= (uint64_t)1 << t;
        }
    build_castling(v);
    build_zobrist(v);
    return v;
bad:
    free(v);
    return NULL;
}

void variant_free(Variant *v) { free(v); }
