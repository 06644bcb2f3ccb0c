/* One runner for every cmocka group of the core, so `make check` reports
 * them together. */
#include "test_util.h"
#include "test_records.h"

#include "kage/rules/notation.h"
#include "kage/rules/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Position *test_position(const char *variant, const char *fen)
{
    KageError err;
    const VariantDef *def = variant_find(variant);
    assert_non_null(def);
    Variant *v = variant_new(def, &err);
    if (!v)
        fail_msg("variant %s: %s", variant, err.msg);
    Position *pos = pos_new(v);
    if (fen && !pos_set_fen(pos, fen, &err))
        fail_msg("FEN %s: %s (column %d)", fen, err.msg, err.column);
    return pos;
}

void test_release(Position *pos)
{
    if (!pos)
        return;
    Variant *v = (Variant *)pos->v;
    pos_free(pos);
    variant_free(v);
}

const char *test_reference_path(const char *name, char *buf, size_t size)
{
    const char *dir = getenv("KAGE_REFERENCE_DIR");
    snprintf(buf, size, "%s/%s", dir ? dir : "tests/reference", name);
    return buf;
}

void test_play_uci(Position *pos, const char *moves)
{
    char *copy = xstrdup(moves), *save = NULL;
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        Move m;
        KageError err;
        if (!move_from_text(pos, tok, MOVE_FOR_PROTOCOL, &m, &err))
            fail_msg("move %s: %s", tok, err.msg);
        pos_make(pos, m);
    }
    free(copy);
}

int main(void)
{
    int failed = 0;
    failed += test_fen_run();
    failed += test_movegen_run();
    failed += test_notation_run();
    failed += test_gameend_run();
    failed += test_cashew_run();
    failed += test_search_run();
    failed += test_session_run();
    failed += test_pgn_run();
    failed += test_clock_run();
    failed += test_config_run();
    return failed ? 1 : 0;
}
