/* libFuzzer target: the PGN reader.  Any input is either rejected with a
 * "line N: ..." message and nothing returned, or gives games whose moves
 * replay, and which the writer writes and the reader reads back the same;
 * pgn_read_first gives the same first game. */
#include "kage/records/pgn.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4000)
        return 0;
    int nvariants = 0;
    while (variant_defs[nvariants])
        nvariants++;
    /* the first byte picks the variant of games without a [Variant] tag */
    const VariantDef *fallback = data[0] % (nvariants + 1) ? variant_defs[data[0] % (nvariants + 1) - 1] : NULL;
    const char *text = (const char *)data + 1;
    PgnGames games;
    KageError err;
    if (!pgn_read(text, size - 1, fallback, &games, &err)) {
        if (strncmp(err.msg, "line ", 5) || games.count || games.games)
            abort(); /* a rejection says where, and returns nothing */
        return 0;
    }
    if (games.count < 1)
        abort();
    /* the first game alone reads the same, and says that text follows it */
    PgnGames first;
    bool more;
    if (!pgn_read_first(text, size - 1, fallback, &first, &more, &err) || first.count != 1 ||
        (games.count > 1 && !more) || first.games[0].rec.nmoves != games.games[0].rec.nmoves ||
        (first.games[0].rec.nmoves &&
         memcmp(first.games[0].rec.moves, games.games[0].rec.moves,
                (size_t)first.games[0].rec.nmoves * sizeof *first.games[0].rec.moves)))
        abort();
    pgn_games_free(&first);
    for (int i = 0; i < games.count; i++) {
        PgnGame *g = &games.games[i];
        Variant *v = variant_new(g->rec.def, &err);
        Position *pos = pos_new(v);
        if (!record_replay(&g->rec, pos, g->rec.nmoves, &err))
            abort();
        char *out = pgn_write(v, &g->rec, &(PgnInfo){.tc = &g->tc}, &err);
        if (!out)
            abort();
        PgnGames again;
        if (!pgn_read(out, strlen(out), NULL, &again, &err) || again.count != 1 ||
            again.games[0].rec.nmoves != g->rec.nmoves ||
            (g->rec.nmoves && /* no moves: no array */
             memcmp(again.games[0].rec.moves, g->rec.moves, (size_t)g->rec.nmoves * sizeof *g->rec.moves)))
            abort();
        pgn_games_free(&again);
        free(out);
        pos_free(pos);
        variant_free(v);
    }
    pgn_games_free(&games);
    return 0;
}
