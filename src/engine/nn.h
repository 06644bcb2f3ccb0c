/* A small neural network (nn.c), per variant, that corrects the tuned
 * evaluation: eval.c adds its output to the sum of the tuned terms.  It is
 * trained (tools/nn.py) on self-play positions to bring that sum closer to
 * the search's scores; its weights are written by tools/nn.py into
 * nn_tables.c.  Inside src/engine only.
 *
 * The inputs, seen from one side (the perspective), are the pieces on the
 * board (own or enemy, type, square; for Black the board turned upside down,
 * or turned round where the variant's setup is (VariantDef.setup_turned:
 * Cashew's)) and the pieces in hand (own or enemy, type, "at least k" for k up to
 * NN_HAND_MAX).  One hidden layer per perspective (the same weights for both),
 * its values clipped to [0, 1] and squared, then one output from the side to
 * move's layer and the other side's:
 *
 *     a_p = b1 + sum of w1[f] over the perspective's inputs f
 *     y   = b2 + sum_h clip(a_stm[h])^2 w2[h] + clip(a_other[h])^2 w2[H + h]
 *
 * and the correction is y * NN_OUT_SCALE centipawns, the side to move's view.
 * Quantised: w1 and b1 times NN_QA, w2 times NN_QB, b2 times NN_QA * NN_QB. */
#ifndef KAGE_ENGINE_NN_H
#define KAGE_ENGINE_NN_H

#include "kage/rules/position.h"

#include <stdbool.h>
#include <stdint.h>

#define NN_QA 255
#define NN_QB 64
#define NN_OUT_SCALE 400
#define NN_HAND_MAX 8
#define NN_MAX_HIDDEN 64  /* the accumulators are kept at each ply of the search */
#define NN_BLOCK 16      /* the hidden layer's size is a multiple of this */
#define NN_MAX_ACTIVE 256 /* inputs of one perspective: pieces and hand steps */

typedef struct NnNet {
    const char *variant;  /* VariantDef id */
    int nsq, ntypes;      /* the board and the types it was made for */
    int hidden;           /* H */
    int ninputs;          /* 2 * ntypes * nsq + 2 * ntypes * NN_HAND_MAX */
    const int16_t *w1;    /* ninputs rows of H */
    const int16_t *b1;    /* H */
    const int16_t *w2;    /* 2H: the side to move's, then the other's */
    int32_t b2;
} NnNet;

/* The network of a variant, or NULL where it has none. */
const NnNet *nn_find(const char *variant_id);

/* The number of inputs of a network for variant v. */
int nn_ninputs(const Variant *v);

/* The input of a piece of colour c and type t on plain square psq (rank *
 * files + file) seen from persp; of the k-th (1, 2, ...) piece of a kind in
 * c's hand. */
static inline int nn_piece_input(const Variant *v, Color persp, Color c, int t, int psq)
{
    if (persp == BLACK) {
        int f = psq % v->files;
        psq = (v->ranks - 1 - psq / v->files) * v->files + (v->def->setup_turned ? v->files - 1 - f : f);
    }
    return ((c != persp) * v->ntypes + t - 1) * v->nsq + psq;
}
static inline int nn_hand_input(const Variant *v, Color persp, Color c, int t, int k)
{
    return 2 * v->ntypes * v->nsq + ((c != persp) * v->ntypes + t - 1) * NN_HAND_MAX + k - 1;
}

/* The inputs of pos seen from persp, in idx[] (at most NN_MAX_ACTIVE); their number. */
int nn_inputs(const Position *pos, Color persp, uint16_t *idx);

/* The hidden layer before clipping, per perspective (White's, Black's): kept
 * up to date move by move in the search (an input on or off adds or takes
 * its row), or counted from scratch. */
typedef int32_t NnAcc[2][NN_MAX_HIDDEN];

void nn_acc_refresh(const NnNet *net, const Position *pos, NnAcc acc);

/* Input f of perspective persp on (sign 1) or off (sign -1). */
static inline void nn_acc_input(const NnNet *net, NnAcc acc, Color persp, int f, int sign)
{
    const int16_t *row = net->w1 + (size_t)f * (size_t)net->hidden;
    int32_t *a = acc[persp];
    for (int b = 0; b < net->hidden; b += NN_BLOCK)
        for (int h = 0; h < NN_BLOCK; h++)
            a[b + h] += sign * row[b + h];
}

/* The correction in centipawns, the side to move's view, from the accumulators. */
int nn_output(const NnNet *net, const NnAcc acc, Color stm);

/* One perspective's hidden layer after a move: dst = src plus the rows of
 * the inputs add[0..nadd) minus those of sub[0..nsub) (dst may be src). */
void nn_acc_change(const NnNet *net, int32_t *dst, const int32_t *src, const int *add, int nadd, const int *sub,
                   int nsub);

/* The two loops that count at every node, nn_acc_change's and nn_output's,
 * have kernels: plain C; GCC's vector extensions, which the compiler turns
 * into the SIMD instructions that every machine of the target has (SSE2 on
 * x86-64), or into plain code; and the same built for AVX2, used where the
 * machine has it.  The best one the machine runs is chosen at run time; all
 * give the same integers. */
enum { NN_KERNEL_PLAIN, NN_KERNEL_VECTOR, NN_KERNEL_AVX2, NN_KERNELS };
/* Whether kernel k is built in and this machine runs it; the best of those
 * (what nn_output and nn_acc_change use; the engine asks once, in eval_init). */
bool nn_kernel_available(int k);
int nn_kernel(void);
const char *nn_kernel_name(int k);
/* nn_output and nn_acc_change with kernel k (an available one). */
int nn_output_with(const NnNet *net, const NnAcc acc, Color stm, int k);
void nn_acc_change_with(const NnNet *net, int32_t *dst, const int32_t *src, const int *add, int nadd, const int *sub,
                        int nsub, int k);

/* The network's correction of pos counted from scratch. */
int nn_evaluate(const NnNet *net, const Position *pos);

#endif
