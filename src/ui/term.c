/* The terminal handed over and taken back while the screen runs: the
 * keyboard (libtermkey) and the wake-up pipe, the mouse's reports on or
 * off, a new size applied, and the terminal's own screen lent for text (the
 * FEN and PGN to select with the mouse); the term group is written here
 * alone.  Below the screens that lend it (records_text.c, online.c) and the
 * loop (ui.c), which sets the terminal up and restores it. */
#include "ui_internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

bool ui_term_wake_open(Ui *ui)
{
    if (pipe(ui->term.wake) < 0)
        return false;
    for (int i = 0; i < 2; i++) {
        fcntl(ui->term.wake[i], F_SETFL, fcntl(ui->term.wake[i], F_GETFL) | O_NONBLOCK);
        fcntl(ui->term.wake[i], F_SETFD, FD_CLOEXEC);
    }
    return true;
}

void ui_term_wake_close(Ui *ui)
{
    close(ui->term.wake[0]);
    close(ui->term.wake[1]);
}

void ui_term_keys_open(Ui *ui)
{
    /* libtermkey owns the keyboard: raw mode, no getch() anywhere */
    ui->term.tk = termkey_new(STDIN_FILENO, TERMKEY_FLAG_SPACESYMBOL | TERMKEY_FLAG_CTRLC);
    if (!ui->term.tk)
        ui->term.tk = termkey_new_abstract(getenv("TERM"), TERMKEY_FLAG_SPACESYMBOL);
    termkey_set_canonflags(ui->term.tk, termkey_get_canonflags(ui->term.tk) | TERMKEY_CANON_DELBS);
}

void ui_term_keys_close(Ui *ui)
{
    if (ui->term.tk) {
        termkey_destroy(ui->term.tk);
        ui->term.tk = NULL;
    }
}

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
