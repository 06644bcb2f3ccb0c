/* terminfo_fit: a look at the terminal's description on its own, set up and
 * given back, so that a refusal leaves nothing allocated.  Kept apart from
 * the rest of the screen code because <term.h> defines macros named like
 * everyday words (lines, columns, bell). */
#include "terminfo.h"

#include <curses.h>
#include <term.h>
#include <unistd.h>

TermFit terminfo_fit(const char *term)
{
    int err = 0;
    if (setupterm(term, STDOUT_FILENO, &err) != OK)
        return TERM_UNKNOWN;
    const char *cup = tigetstr("cup");
    TermFit fit = cup && cup != (const char *)-1 ? TERM_FITS : TERM_NO_CURSOR;
    TERMINAL *t = set_curterm(NULL);
    del_curterm(t);
    return fit;
}
