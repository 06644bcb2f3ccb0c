/* The neural network's correction of the evaluation: inputs, the hidden
 * layer counted from scratch at each evaluation (a few thousand additions on
 * 8x8), the output.
 * What the network computes is said in nn.h; its weights are in
 * nn_tables.c, written by tools/nn.py. */
#include "nn.h"

#include <stdlib.h>
#include <string.h>

extern const NnNet *const nn_nets[]; /* nn_tables.c, NULL-terminated */

const NnNet *nn_find(const char *variant_id)
{
    for (int i = 0; nn_nets[i]; i++)
        if (!strcmp(nn_nets[i]->variant, variant_id))
            return nn_nets[i];
    return NULL;
}

int nn_ninputs(const Variant *v) { return 2 * v->ntypes * (v->nsq + NN_HAND_MAX); }

int nn_inputs(const Position *pos, Color persp, uint16_t *idx)
{
    const Variant *v = pos->v;
    int nt = v->ntypes, nsq = v->nsq, n = 0;
    for (int c = 0; c < 2; c++) {
        int rel = c != persp;
        for (int i = 0; i < pos->npieces[c]; i++) {
            int sq = pos->plist[c][i], t = piece_type(pos->board[sq]);
            int r = v->rank_of[sq], f = v->file_of[sq];
            if (persp == BLACK)
                r = v->ranks - 1 - r;
            if (n < NN_MAX_ACTIVE)
                idx[n++] = (uint16_t)((rel * nt + t - 1) * nsq + r * v->files + f);
        }
        int hand_base = 2 * nt * nsq;
        for (int t = 1; t <= nt; t++) {
            int k = pos->hand[c][t] < NN_HAND_MAX ? pos->hand[c][t] : NN_HAND_MAX;
            for (int j = 0; j < k && n < NN_MAX_ACTIVE; j++)
                idx[n++] = (uint16_t)(hand_base + (rel * nt + t - 1) * NN_HAND_MAX + j);
        }
    }
    return n;
}

/* The hidden layer of one perspective, clipped and squared, dotted with its
 * half of the output weights. */
static int64_t half(const NnNet *net, const Position *pos, Color persp, const int16_t *w2)
{
    int32_t acc[NN_MAX_HIDDEN];
    uint16_t idx[NN_MAX_ACTIVE];
    int H = net->hidden, n = nn_inputs(pos, persp, idx);
    for (int h = 0; h < H; h++)
        acc[h] = net->b1[h];
    for (int i = 0; i < n; i++) {
        const int16_t *row = net->w1 + (size_t)idx[i] * (size_t)H;
        for (int h = 0; h < H; h++)
            acc[h] += row[h];
    }
    int64_t s = 0;
    for (int h = 0; h < H; h++) {
        int32_t a = acc[h] < 0 ? 0 : acc[h] > NN_QA ? NN_QA : acc[h];
        s += (int64_t)(a * w2[h]) * a;
    }
    return s;
}

int nn_evaluate(const NnNet *net, const Position *pos)
{
    Color us = pos->side;
    int64_t s = half(net, pos, us, net->w2) + half(net, pos, !us, net->w2 + net->hidden);
    int64_t y = s / NN_QA + net->b2; /* y * NN_QA * NN_QB */
    return (int)(y * NN_OUT_SCALE / (NN_QA * NN_QB));
}
