/* Runner for the UI's cmocka groups: key decoding, layout, themes, options,
 * drawing checked cell by cell on an ncurses screen model, records, and the
 * screen driven by key strings. */
#include "test_ui.h"

int main(void)
{
    int failed = test_ui_run();
    failed += test_ui_draw_run();
    failed += test_ui_records_run();
    failed += test_ui_keys_run();
    failed += test_ui_online_run();
    failed += test_ui_play_run();
    return failed ? 1 : 0;
}
