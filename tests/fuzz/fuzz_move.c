/* libFuzzer target: move text (SAN, UCI, and the readable forms).  Text is
 * either rejected with a message or names a legal move that prints and
 * parses back to itself. */
#include "kage/rules/movegen.h"
#include "kage/rules/notation.h"
#include "kage/rules/position.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[][2] = {
    {"shinobiplus", NULL},
    {"shinobi", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/4K3[HLJDMM] b kq - 0 1"},
    {"shinobiplus", "4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1"},
    {"shogun", NULL},
    {"shogun", "r3k2r/8/8/8/8/8/8/R3K2R[PPpp] w KQkq - 0 1"},
    {"shogun", "4k3/8/8/8/8/8/8/1N3N1K[] w - - 0 1"},
    {"shinobivchess", NULL},
    {"cashew", NULL},
    {"cashew", "12k/13/13/13/13/6pp5/6L!6/13/13/13/13/13/K12 w"},
    {"cashew", "12k/13/13/13/6p6/6p6/6p6/6W!6/13/13/13/13/K12 w"},
    {"cashew", "12k/13/13/13/13/13/6H!6/13/13/13/13/13/K12 w"},
};
#define NFENS (int)(sizeof fens / sizeof fens[0])
static Position *positions[NFENS];

static void setup(void)
{
    KageError err;
    for (int i = 0; i < NFENS; i++) {
        Variant *v = variant_new(variant_find(fens[i][0]), &err);
        positions[i] = pos_new(v);
        if (fens[i][1] && !pos_set_fen(positions[i], fens[i][1], &err))
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!positions[0])
        setup();
    if (size < 1 || size > 100)
        return 0;
    Position *pos = positions[data[0] % NFENS];
    char text[128];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    Move m;
    KageError err;
    if (move_from_text(pos, text, MOVE_FOR_PEOPLE, &m, &err)) {
        if (!movegen_is_legal(pos, m))
            abort();
        char san[MOVE_TEXT_MAX];
        Move back;
        move_to_text(pos, m, MOVE_FOR_PEOPLE, san);
        if (!move_from_text(pos, san, MOVE_FOR_PEOPLE, &back, &err) || back != m)
            abort();
    } else if (!err.msg[0])
        abort();
    if (move_from_text(pos, text, MOVE_FOR_PROTOCOL, &m, &err) && !movegen_is_legal(pos, m))
        abort();
    return 0;
}
