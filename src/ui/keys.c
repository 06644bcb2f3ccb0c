/* Key names and mouse decoding (see keys.h). */
#include "keys.h"

#include <stdio.h>
#include <string.h>

void keys_name(TermKey *tk, const TermKeyKey *key, char *buf, size_t size)
{
    buf[0] = 0;
    if (key->type == TERMKEY_TYPE_MOUSE || key->type == TERMKEY_TYPE_POSITION ||
        key->type == TERMKEY_TYPE_UNKNOWN_CSI || key->type == TERMKEY_TYPE_MODEREPORT)
        return;
    termkey_strfkey(tk, buf, size, (TermKeyKey *)key, TERMKEY_FORMAT_VIM);
}

bool keys_mouse(TermKey *tk, const TermKeyKey *key, KeyMouse *m)
{
    if (key->type != TERMKEY_TYPE_MOUSE)
        return false;
    TermKeyMouseEvent ev;
    int button = 0, line = 0, col = 0;
    if (termkey_interpret_mouse(tk, key, &ev, &button, &line, &col) != TERMKEY_RES_KEY)
        return false;
    m->button = button;
    m->press = ev == TERMKEY_MOUSE_PRESS;
    m->x = col - 1; /* libtermkey counts from 1 */
    m->y = line - 1;
    return true;
}

bool keys_next(const char **p, char *buf, size_t size)
{
    const char *s = *p;
    size_t n;
    if (!*s)
        return false;
    const char *close = *s == '<' ? strchr(s, '>') : NULL;
    if (close && (size_t)(close - s) + 1 < size) {
        n = (size_t)(close - s) + 1;
    } else if (*s == ' ') {
        snprintf(buf, size, "<Space>");
        *p = s + 1;
        return true;
    } else {
        n = 1; /* one UTF-8 character */
        while (((unsigned char)s[n] & 0xC0) == 0x80)
            n++;
    }
    snprintf(buf, size, "%.*s", (int)n, s);
    *p = s + n;
    return true;
}
