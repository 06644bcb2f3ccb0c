/* The evaluation (eval.c) and its weights (eval_tables.c): inside src/engine
 * only.  A sum of counted features times tuned weights, blended by phase;
 * see eval.c for what is counted and tools/tune.py for where the weights
 * come from. */
#ifndef KAGE_ENGINE_EVAL_H
#define KAGE_ENGINE_EVAL_H

#include "kage/rules/position.h"
#include "nn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- evaluation tables (eval_tables.c, written by tools/tune.py) ---------- */

/* One weight of the evaluation: a feature's name (eval.c names them, e.g.
 * "material P", "pst N c3", "mobility R") and its value in centipawns in the
 * middlegame and the endgame. */
typedef struct EvalWeight {
    const char *name;
    int16_t mg, eg;
} EvalWeight;

/* The weights of one variant. */
typedef struct EvalVariantTable {
    const char *variant;         /* VariantDef id */
    const EvalWeight *weights;
    int nweights;
    bool attacks;                /* the attack pass: mobility, king attack, threats, pawns (8x8) */
} EvalVariantTable;

/* The table for a variant id; an empty one when the variant has none. */
const EvalVariantTable *eval_table_find(const char *variant_id);

/* --- evaluation (eval.c) -------------------------------------------------- */

#define EVAL_MAX_FEATURES 4096
#define EVAL_PHASE_MAX 24
#define EVAL_DANGER_SCALE 4096 /* the danger's square is divided by this */

/* Feature groups: each is a run of feature indices starting at base[group]. */
enum EvalGroup {
    EG_MATERIAL,   /* + type: a piece on the board */
    EG_HAND,       /* + type: a piece in hand */
    EG_HAND_FIRST, /* + type: at least one of a kind in hand */
    EG_PST,        /* + type * pst_squares + square (files mirrored, ranks from the own side) */
    EG_MOBILITY,   /* + type: squares a piece can move to */
    EG_SHIELD,     /* own pieces next to the king */
    EG_NEAR,       /* enemy pieces within two squares of the king, by weight */
    EG_OPEN_HAND,  /* empty squares next to the own king times enemy pieces in hand (up to 6) */
    EG_KING_HITS,  /* squares next to the enemy king that the own pieces reach */
    EG_KING_ATTACK,/* the square of the weighted attack on the enemy king, from two attackers */
    EG_SAFE_CHECK, /* moves that give check on a square the enemy does not guard */
    EG_DROP_CHECK, /* empty squares where a piece in hand would give a safe check */
    EG_HANGING,    /* enemy pieces attacked and undefended, the opponent to move */
    EG_HANGING_STM,/* ... with the side to move the attacker */
    EG_LESSER,     /* enemy pieces attacked by a cheaper piece, the opponent to move */
    EG_LESSER_STM, /* ... with the side to move the attacker */
    EG_PASSED,     /* + relative rank: a passed pawn */
    EG_DOUBLED,    /* a pawn on a file that holds another of its side */
    EG_FLAG,       /* + king steps to its flag region (0..7) */
    EG_FLAG_SAFE,  /* + king steps to its flag region over unguarded squares (1..7, 8 = none) */
    EG_KING_DANGER,/* + (attacker to move) * KD_SIDE + checks (0..3) * KD_ATTACKERS + attackers
                    * (0..4), the sizes named in eval.c: the attack
                    * on the enemy king as a whole, checks by moves and drops on safe squares
                    * against the pieces that reach the squares next to it */
    EG_CHECK_MOVE, /* + type: safe checks (as EG_SAFE_CHECK) by a piece of that type */
    EG_CHECK_DROP, /* + type: safe drop checks (as EG_DROP_CHECK) by a piece of that type in hand */
    EG_TEMPO,      /* the side to move */
    EG_DANGER,     /* + unit (KD_UNIT_* in eval.c): the units of c's attack on the enemy king.
                    * Not a linear term: the middlegame weights sum them into a danger D, and
                    * max(0, D)^2 / EVAL_DANGER_SCALE counts for c; the endgame weights are
                    * linear as elsewhere.  Traced as c's own counts (not White minus Black):
                    * this group for White's attack, EG_DANGER_BLACK for Black's */
    EG_DANGER_BLACK, /* Black's units, traced only: the tuner fits EG_DANGER's weights on both */
    EG_NGROUPS
};

typedef struct EvalParams {
    const VariantDef *def;           /* the variant these were built for */
    const EvalVariantTable *tab;
    int nfeat;
    int base[EG_NGROUPS];
    int16_t w[EVAL_MAX_FEATURES][2]; /* mg, eg weight of each feature */
    int value[MAX_PIECE_TYPES];      /* board value of each type (search: promotion gains) */
    int hand[MAX_PIECE_TYPES];       /* hand value of each type */
    int capture[MAX_PIECE_TYPES];    /* what taking a piece of each type wins (search: exchanges,
                                      * pruning): its board value, and where captured pieces go to
                                      * hand, the hand value of what it becomes there */
    int8_t phase_w[MAX_PIECE_TYPES];      /* game phase units of a piece on the board */
    int8_t hand_phase_w[MAX_PIECE_TYPES]; /* and in hand: none where captures go to hand */
    int8_t danger[2][256];           /* weight of piece p near the king of colour c (0 unless an enemy) */
    int8_t shield[2][256];           /* 1 for a piece of colour c, 0 for the rest */
    int16_t pst_sq[2][BOARD_ARRAY];  /* square -> piece-square index for each colour */
    int pst_squares;                 /* squares per type in the piece-square tables */
    int16_t ring[24];                /* offsets of the 5x5 square around a king, centre excluded */
    uint8_t flag_dist[2][BOARD_ARRAY];/* king steps to the flag region, 99 if none */
    int max_promo_gain;              /* the most a promotion adds to a piece's value */
    int8_t attack_weight[MAX_PIECE_TYPES]; /* weight of a kind attacking next to the enemy king */
    bool mobile[MAX_PIECE_TYPES];    /* kinds counted by mobility (not kings, pawns, special movers) */
    /* read by the attack pass at every evaluation, so that it follows no pointer and
     * computes no index: */
    bool special[MAX_PIECE_TYPES];   /* kinds with a special generator (skipped by the pass) */
    bool both[2][MAX_PIECE_TYPES];   /* [c][t]: every vector of t moves and captures (MODE_BOTH) */
    bool royal[MAX_PIECE_TYPES];
    int16_t attack_value[MAX_PIECE_TYPES]; /* value as an attacker: a king's is KING_VALUE */
    uint8_t plain[BOARD_ARRAY];      /* square -> plain index (rank * files + file), 0xff off the board */
    uint8_t near[2 * BOARD_ARRAY];   /* [BOARD_ARRAY + to - from]: 1 when `to` is `from` or next to it */
    uint8_t near_none[BOARD_ARRAY];  /* all 0: next to no king */
    bool has_flag;
    bool attacks;
    bool danger_on;                  /* some EG_DANGER weight is not zero: the units are counted */
    const NnNet *net;                /* the variant's network (nn.h), added to the tuned terms */
    int nn_kernel;                   /* the network's kernel for this machine (nn.h) */
} EvalParams;

/* The parts of the evaluation that a move changes a little: kept up to date
 * move by move in the search instead of recounted at every node. */
typedef struct EvalAcc {
    int mg, eg;      /* material, hands and piece-square weights, White minus Black */
    int phase;       /* phase units of the pieces on the board and in hand */
    int in_hand[2];  /* number of pieces in hand */
    NnAcc nn;        /* the network's hidden layer, where the variant has one (its first
                      * hidden units only; the rest is never read) */
} EvalAcc;

/* Build the evaluation parameters for variant v from its weight table. */
void eval_init(EvalParams *ep, const Variant *v);

/* The static evaluation of pos from the side to move's view: the tuned
 * terms, plus the variant's network (nn.h) where it has one. */
int eval_evaluate(const EvalParams *ep, const Position *pos);
/* The tuned terms alone (what the network is trained to correct). */
int eval_evaluate_base(const EvalParams *ep, const Position *pos);

/* The accumulator of pos counted from scratch. */
void eval_acc_init(const EvalParams *ep, const Position *pos, EvalAcc *acc);
/* next = prev changed by the move just made in pos (pos->st->move). */
void eval_acc_update(const EvalParams *ep, const Position *pos, const EvalAcc *prev, EvalAcc *next);
/* Do two accumulators hold the same sums (the network's units in use only)? */
bool eval_acc_equal(const EvalParams *ep, const EvalAcc *a, const EvalAcc *b);
/* eval_evaluate() with the accumulator of pos already at hand. */
int eval_acc_evaluate(const EvalParams *ep, const Position *pos, const EvalAcc *acc);

/* The features of pos, White minus Black, in count[0..ep->nfeat) (zeroed
 * first), and the game phase (0 endgame .. EVAL_PHASE_MAX middlegame):
 * the evaluation is sum(count * (mg * phase + eg * (MAX - phase)) / MAX). */
void eval_trace(const EvalParams *ep, const Position *pos, int *count, int *phase);

/* The name of feature f ("pst N c3"), for the tuner. */
void eval_feature_name(const EvalParams *ep, int f, char *buf, size_t size);

#endif
