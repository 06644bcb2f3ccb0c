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

/* --- the kernels ------------------------------------------------------------ */

/* Plain C, the reference the others must equal.  One perspective's layer,
 * clipped and squared, dotted with its half of the output weights; the
 * terms are exact in int32 (255 * 255 * 32767 < 2^31), their sum in int64. */
static int64_t half_plain(int hidden, const int32_t *acc, const int16_t *w2)
{
    int64_t s = 0;
    for (int h = 0; h < hidden; h++) {
        int32_t a = acc[h] < 0 ? 0 : acc[h] > NN_QA ? NN_QA : acc[h];
        s += (int64_t)(a * w2[h]) * a;
    }
    return s;
}

static void change_plain(int hidden, const int16_t *w1, int32_t *dst, const int32_t *src, const int *add, int nadd,
                         const int *sub, int nsub)
{
    for (int h = 0; h < hidden; h++) {
        int32_t a = src[h];
        for (int i = 0; i < nadd; i++)
            a += w1[(size_t)add[i] * (size_t)hidden + (size_t)h];
        for (int i = 0; i < nsub; i++)
            a -= w1[(size_t)sub[i] * (size_t)hidden + (size_t)h];
        dst[h] = a;
    }
}

#if defined(__GNUC__) && (__GNUC__ >= 9 || defined(__clang__))
#define NN_HAVE_VECTOR 1
/* Eight lanes (the hidden layer is a multiple of NN_BLOCK = 16).  The
 * vectors stay inside these always-inlined bodies, loaded and stored with
 * memcpy (the weights and accumulators need no alignment), so that each
 * caller below is compiled for its own target. */
typedef int32_t v8si __attribute__((vector_size(32)));
typedef int16_t v8hi __attribute__((vector_size(16)));
typedef int32_t v4si __attribute__((vector_size(16)));
typedef int64_t v4di __attribute__((vector_size(32)));
#define NN_VEC_BODY static inline __attribute__((always_inline))

/* Eight weights widened to int32 (through memory: a vector returned by
 * value would change the ABI of the plain build). */
NN_VEC_BODY void load_w(v8si *out, const int16_t *p)
{
    v8hi w;
    memcpy(&w, p, sizeof w);
    *out = __builtin_convertvector(w, v8si);
}

NN_VEC_BODY int64_t half_vec(int hidden, const int32_t *acc, const int16_t *w2)
{
    const v8si zero = {0}, top = {NN_QA, NN_QA, NN_QA, NN_QA, NN_QA, NN_QA, NN_QA, NN_QA};
    v4di sum = {0};
    for (int h = 0; h < hidden; h += 8) {
        v8si a;
        memcpy(&a, acc + h, sizeof a);
        a &= a > zero;                      /* the comparison gives all ones or 0 per lane */
        v8si over = a > top;
        a = (a & ~over) | (top & over);
        v8si w, p;
        load_w(&w, w2 + h);
        p = a * a * w; /* exact: see half_plain */
        v4si lo, hi;
        memcpy(&lo, &p, sizeof lo);
        memcpy(&hi, (const char *)&p + sizeof lo, sizeof hi);
        sum += __builtin_convertvector(lo, v4di) + __builtin_convertvector(hi, v4di);
    }
    return sum[0] + sum[1] + sum[2] + sum[3];
}

NN_VEC_BODY void change_vec(int hidden, const int16_t *w1, int32_t *dst, const int32_t *src, const int *add, int nadd,
                            const int *sub, int nsub)
{
    for (int h = 0; h < hidden; h += 8) {
        v8si a;
        memcpy(&a, src + h, sizeof a);
        v8si w;
        for (int i = 0; i < nadd; i++) {
            load_w(&w, w1 + (size_t)add[i] * (size_t)hidden + (size_t)h);
            a += w;
        }
        for (int i = 0; i < nsub; i++) {
            load_w(&w, w1 + (size_t)sub[i] * (size_t)hidden + (size_t)h);
            a -= w;
        }
        memcpy(dst + h, &a, sizeof a);
    }
}

static int64_t half_vector(int hidden, const int32_t *acc, const int16_t *w2) { return half_vec(hidden, acc, w2); }
static void change_vector(int hidden, const int16_t *w1, int32_t *dst, const int32_t *src, const int *add, int nadd,
                          const int *sub, int nsub)
{
    change_vec(hidden, w1, dst, src, add, nadd, sub, nsub);
}

#if defined(__x86_64__) || defined(__i386__)
#define NN_HAVE_AVX2 1
__attribute__((target("avx2"))) static int64_t half_avx2(int hidden, const int32_t *acc, const int16_t *w2)
{
    return half_vec(hidden, acc, w2);
}
__attribute__((target("avx2"))) static void change_avx2(int hidden, const int16_t *w1, int32_t *dst,
                                                        const int32_t *src, const int *add, int nadd, const int *sub,
                                                        int nsub)
{
    change_vec(hidden, w1, dst, src, add, nadd, sub, nsub);
}
#endif
#endif

bool nn_kernel_available(int k)
{
    switch (k) {
    case NN_KERNEL_PLAIN:
        return true;
#ifdef NN_HAVE_VECTOR
    case NN_KERNEL_VECTOR:
        return true;
#endif
#ifdef NN_HAVE_AVX2
    case NN_KERNEL_AVX2:
        return __builtin_cpu_supports("avx2");
#endif
    default:
        return false;
    }
}

int nn_kernel(void)
{
    for (int k = NN_KERNELS - 1; k > NN_KERNEL_PLAIN; k--)
        if (nn_kernel_available(k))
            return k;
    return NN_KERNEL_PLAIN;
}

const char *nn_kernel_name(int k)
{
    static const char *const names[NN_KERNELS] = {"plain C", "vector", "AVX2"};
    return k >= 0 && k < NN_KERNELS ? names[k] : "?";
}

static int64_t half(int hidden, const int32_t *acc, const int16_t *w2, int k)
{
    (void)k;
#ifdef NN_HAVE_AVX2
    if (k == NN_KERNEL_AVX2)
        return half_avx2(hidden, acc, w2);
#endif
#ifdef NN_HAVE_VECTOR
    if (k != NN_KERNEL_PLAIN)
        return half_vector(hidden, acc, w2);
#endif
    return half_plain(hidden, acc, w2);
}

int nn_output_with(const NnNet *net, const NnAcc acc, Color stm, int k)
{
    int H = net->hidden;
    int64_t s = half(H, acc[stm], net->w2, k) + half(H, acc[!stm], net->w2 + H, k);
    int64_t y = s / NN_QA + net->b2; /* y * NN_QA * NN_QB */
    return (int)(y * NN_OUT_SCALE / (NN_QA * NN_QB));
}

int nn_output(const NnNet *net, const NnAcc acc, Color stm) { return nn_output_with(net, acc, stm, nn_kernel()); }

void nn_acc_change_with(const NnNet *net, int32_t *dst, const int32_t *src, const int *add, int nadd, const int *sub,
                        int nsub, int k)
{
    (void)k;
#ifdef NN_HAVE_AVX2
    if (k == NN_KERNEL_AVX2) {
        change_avx2(net->hidden, net->w1, dst, src, add, nadd, sub, nsub);
        return;
    }
#endif
#ifdef NN_HAVE_VECTOR
    if (k != NN_KERNEL_PLAIN) {
        change_vector(net->hidden, net->w1, dst, src, add, nadd, sub, nsub);
        return;
    }
#endif
    change_plain(net->hidden, net->w1, dst, src, add, nadd, sub, nsub);
}

void nn_acc_change(const NnNet *net, int32_t *dst, const int32_t *src, const int *add, int nadd, const int *sub,
                   int nsub)
{
    nn_acc_change_with(net, dst, src, add, nadd, sub, nsub, nn_kernel());
}

int nn_evaluate(const NnNet *net, const Position *pos)
{
    NnAcc acc;
    nn_acc_refresh(net, pos, acc);
    return nn_output(net, acc, pos->side);
}
