/* The terminal handed over and taken back while the screen runs: the
 * mouse's reports on or off, a new size applied, and the terminal's own
 * screen lent for text (the FEN and PGN to select with the mouse).  Below
 * the screens that lend it (records_text.c, online.c) and the loop (ui.c),
 * which sets the terminal up and restores it. */
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

void ui_mouse_mode(Ui *ui, bool on)
{
    if (!ui->opt.mouse || ui->term.mouse_on == on)
        return;
    fflush(stdout);
    const char *s = on ? KEYS_MOUSE_ON : KEYS_MOUSE_OFF;
    ssize_t r = write(STDOUT_FILENO, s, strlen(s));
    (void)r;
    ui->term.mouse_on = on;
}

/* The terminal's size now (SIGWINCH only says that it changed). */
void ui_apply_resize(Ui *ui)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
        resizeterm(ws.ws_row, ws.ws_col);
    ui_layout(ui);
    clearok(curscr, TRUE);
}

void ui_text_mode(Ui *ui, bool on, const char *text)
{
    if (on) {
        ui_mouse_mode(ui, false); /* the terminal's own selection works again */
        termkey_stop(ui->term.tk);
        endwin();
        fputs(text, stdout);
        fflush(stdout);
        termkey_start(ui->term.tk); /* raw again: a key brings the game back */
    } else {
        refresh();
        ui_mouse_mode(ui, true);
        ui_apply_resize(ui);
    }
}
