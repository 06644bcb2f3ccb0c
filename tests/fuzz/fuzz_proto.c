/* libFuzzer target: the engine protocols.  The first byte picks UCI (even)
 * or XBoard (odd); the rest is the engine's input, one command a line.
 * Every line, sensible or not, gets an answer or an error reply and never
 * a crash; searches are capped at one ply and 200 nodes so that
 * `go infinite` or `sd 99` cannot stall the fuzzer, and the hash table is
 * the smallest (1 MB).  tests/fuzz/fuzz_proto.dict gives libFuzzer the
 * protocols' words, so that it reaches commands several lines deep. */
#include "kage/proto/proto.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        if (!freopen("/dev/null", "w", stdout)) /* the replies are not checked, only survived */
            abort();
        /* one ply: a search still runs and moves, at little cost; setoption
         * name Hash value 4096 made a 4 GB table: out of memory */
        session_set_caps(&(SessionCaps){.nodes = 200, .depth = 1, .hash_mb = 1});
        ready = true;
    }
    if (size < 1)
        return 0;
    FILE *in = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
    if (!in)
        return 0;
    if (size == 1) /* fmemopen wants a size of at least 1: an empty input */
        fgetc(in);
    if (data[0] % 2)
        xboard_run(in, 1);
    else
        uci_run(in, 1);
    fclose(in);
    return 0;
}
