/* The neural network's correction of the evaluation: its inputs, the hidden
 * layer counted from scratch (the search keeps it up to date move by move:
 * eval.c's accumulator), the output.
 * What the network computes is said in nn.h; its weights are in
 * nn_tables.c, written by tools/nn.py. */
#include "nn.h"

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
    int n = 0;
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < pos->npieces[c] && n < NN_MAX_ACTIVE; i++) {
            int sq = pos->plist[c][i];
            int psq = v->rank_of[sq] * v->files + v->file_of[sq];
            idx[n++] = (uint16_t)nn_piece_input(v, persp, c, piece_type(pos->board[sq]), psq);
        }
        for (int t = 1; t <= v->ntypes; t++) {
            int k = pos->hand[c][t] < NN_HAND_MAX ? pos->hand[c][t] : NN_HAND_MAX;
            for (int j = 1; j <= k && n < NN_MAX_ACTIVE; j++)
                idx[n++] = (uint16_t)nn_hand_input(v, persp, c, t, j);
        }
    }
    return n;
}

void nn_acc_refresh(const NnNet *net, const Position *pos, NnAcc acc)
{
    uint16_t idx[NN_MAX_ACTIVE];
    for (Color p = WHITE; p <= BLACK; p++) {
        for (int h = 0; h < net->hidden; h++)
            acc[p][h] = net->b1[h];
        int n = nn_inputs(pos, p, idx);
        for (int i = 0; i < n; i++)
            nn_acc_input(net, acc, p, idx[i], 1);
    }
}

/* One perspective's layer, clipped and squared, dotted with its half of the
 * output weights. */
static int64_t half(const NnNet *net, const int32_t *acc, const int16_t *w2)
{
    int64_t s = 0;
    for (int h = 0; h < net->hidden; h++) {
        int32_t a = acc[h] < 0 ? 0 : acc[h] > NN_QA ? NN_QA : acc[h];
        s += (int64_t)(a * w2[h]) * a;
    }
    return s;
}

int nn_output(const NnNet *net, const NnAcc acc, Color stm)
{
    int64_t s = half(net, acc[stm], net->w2) + half(net, acc[!stm], net->w2 + net->hidden);
    int64_t y = s / NN_QA + net->b2; /* y * NN_QA * NN_QB */
    return (int)(y * NN_OUT_SCALE / (NN_QA * NN_QB));
}

int nn_evaluate(const NnNet *net, const Position *pos)
{
    NnAcc acc;
    nn_acc_refresh(net, pos, acc);
    return nn_output(net, acc, pos->side);
}
