/* The transposition table: buckets of four 16-byte entries, keyed by the
 * position's Zobrist key (which covers hands, so drop games are safe).
 * Replacement prefers the same key, then empty, then old and shallow. */
#include "search_internal.h"
#include "kage/rules/util.h"

#include <stdlib.h>
#include <string.h>

void tt_init(TT *tt, size_t mb)
{
    /* where memory is short for the table asked for (a limit on the
     * process, a small machine), half the size, and so on down to 1 MB */
    for (mb = mb ? mb : 1;; mb /= 2) {
        size_t bytes = mb << 20, n = 1;
        while (n * 2 * TT_BUCKET * sizeof(TTEntry) <= bytes)
            n *= 2;
        tt->buckets = mb > 1 ? calloc(n * TT_BUCKET, sizeof(TTEntry)) : xcalloc(n * TT_BUCKET, sizeof(TTEntry));
        if (tt->buckets) {
            tt->nbuckets = n;
            tt->mb = mb;
            break;
        }
    }
    tt->generation = 0;
}

void tt_free(TT *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
    tt->nbuckets = 0;
}

void tt_clear(TT *tt)
{
    memset(tt->buckets, 0, tt->nbuckets * TT_BUCKET * sizeof(TTEntry));
    tt->generation = 0;
}

void tt_new_search(TT *tt) { tt->generation = (uint8_t)((tt->generation + 1) & 63); }

static TTEntry *bucket_of(const TT *tt, uint64_t key) { return tt->buckets + (key & (tt->nbuckets - 1)) * TT_BUCKET; }

const TTEntry *tt_probe(const TT *tt, uint64_t key)
{
    TTEntry *b = bucket_of(tt, key);
    uint32_t k32 = (uint32_t)(key >> 32);
    for (int i = 0; i < TT_BUCKET; i++)
        if (b[i].key32 == k32 && (b[i].genbound & 3))
            return &b[i];
    return NULL;
}

/* How old an entry is, in searches (0..63). */
static int age_of(const TT *tt, const TTEntry *e) { return (tt->generation - (e->genbound >> 2)) & 63; }

void tt_store(TT *tt, uint64_t key, Move move, int score, int eval, int depth, int bound)
{
    TTEntry *b = bucket_of(tt, key), *slot = NULL;
    uint32_t k32 = (uint32_t)(key >> 32);
    for (int i = 0; i < TT_BUCKET && !slot; i++)
        if (b[i].key32 == k32 && (b[i].genbound & 3))
            slot = &b[i];
    for (int i = 0; i < TT_BUCKET && !slot; i++)
        if (!(b[i].genbound & 3))
            slot = &b[i];
    if (!slot) {
        slot = &b[0];
        for (int i = 1; i < TT_BUCKET; i++)
            if (b[i].depth - 8 * age_of(tt, &b[i]) < slot->depth - 8 * age_of(tt, slot))
                slot = &b[i];
    } else if (slot->key32 == k32 && (slot->genbound & 3) && bound != TT_EXACT && depth + 2 < slot->depth &&
               age_of(tt, slot) == 0) {
        /* keep a deeper result of this search; still remember a new best move */
        if (move)
            slot->move = move;
        return;
    }
    if (move || slot->key32 != k32)
        slot->move = move;
    slot->key32 = k32;
    slot->score = (int16_t)score;
    slot->eval = (int16_t)eval;
    slot->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    slot->genbound = (uint8_t)(tt->generation << 2 | bound);
}
