/* libFuzzer target: the FEN reader.  Any input either is rejected with a
 * message or gives a position that prints and reads back the same, stays
 * consistent, and survives a few moves. */
#include "kage/rules/movegen.h"
#include "kage/rules/position.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Variant *variants[8];
static int nvariants;

static void setup(void)
{
    KageError err;
    for (int i = 0; variant_defs[i] && i < 8; i++)
        variants[nvariants++] = variant_new(variant_defs[i], &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!nvariants)
        setup();
    if (size < 1 || size > 600)
        return 0;
    const Variant *v = variants[data[0] % nvariants];
    char *fen = malloc(size);
    memcpy(fen, data + 1, size - 1);
    fen[size - 1] = 0;
    Position *pos = pos_new(v);
    KageError err;
    if (pos_set_fen(pos, fen, &err)) {
        char out[1024], again[1024], why[200];
        pos_get_fen(pos, out, sizeof out);
        if (!pos_is_ok(pos, why, sizeof why))
            abort();
        Position *p2 = pos_new(v);
        if (!pos_set_fen(p2, out, &err))
            abort();
        pos_get_fen(p2, again, sizeof again);
        if (strcmp(out, again))
            abort();
        pos_free(p2);
        for (int ply = 0; ply < 4; ply++) {
            MoveList list;
            movegen_legal(pos, &list);
            if (!list.count)
                break;
            pos_make(pos, list.moves[(size + (size_t)ply) % (size_t)list.count]);
            if (!pos_is_ok(pos, why, sizeof why))
                abort();
        }
    } else if (!err.msg[0])
        abort(); /* a rejection must say why */
    pos_free(pos);
    free(fen);
    return 0;
}
