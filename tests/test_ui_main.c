/* Runner for the UI's cmocka group (key decoding, layout, themes, options). */
#include "ui.h"

int main(void) { return test_ui_run() ? 1 : 0; }
