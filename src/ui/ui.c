/* The game screen's main loop: terminal set-up and restore, signals through
 * a self-pipe, poll() on the keyboard and that pipe, keys dispatched by the
 * screen that is open.  The terminal is restored on every way out: normal
 * exit, SIGTERM, SIGHUP, SIGINT, Ctrl-Z (and fg), and even a crash. */
#include "kage/ui/ui.h"
#include "ui_internal.h"
#include "terminfo.h"

#include "kage/rules/util.h"
#include "kage/rules/variant.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* Set by signal handlers, read by the loop; the pipe wakes the loop up. */
static volatile sig_atomic_t sig_winch, sig_quit, sig_tstp, sig_cont;
static int sig_pipe_fd = -1;
/* For the crash handler, which can only use async-signal-safe calls. */
static struct termios saved_termios;
static bool have_saved_termios;
static volatile sig_atomic_t screen_active;

static void on_signal(int sig)
{
    int saved = errno;
    switch (sig) {
    case SIGWINCH:
        sig_winch = 1;
        break;
    case SIGTSTP:
        sig_tstp = 1;
        break;
    case SIGCONT:
        sig_cont = 1;
        break;
    default:
        sig_quit = sig;
        break;
    }
    if (sig_pipe_fd >= 0) {
        char c = 'S';
        ssize_t r = write(sig_pipe_fd, &c, 1);
        (void)r;
    }
    errno = saved;
}

/* A crash: put the terminal back as it was, then die of the same signal. */
static void on_crash(int sig)
{
    if (screen_active) {
        static const char reset[] = KEYS_MOUSE_OFF "\033[?1049l\033[?25h\033[0m\r\n";
        ssize_t r = write(STDOUT_FILENO, reset, sizeof reset - 1);
        (void)r;
        if (have_saved_termios)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal;
    int sigs[] = {SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
    sa.sa_handler = on_crash;
    int crash[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof crash / sizeof crash[0]; i++)
        sigaction(crash[i], &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* Colours unless NO_COLOR (or --color=never) says not. */
static void choose_colours(Ui *ui)
{
    const char *nc = getenv("NO_COLOR");
    ui_look_colours(ui, ui->opt.color == COLOR_ALWAYS || (ui->opt.color == COLOR_AUTO && !(nc && *nc)));
}

/* The full screen, or false and why (no TERM, a TERM this system has no
 * description of, or one that cannot move the cursor, such as dumb):
 * ncurses' own "Error opening terminal: unknown." said neither what to
 * set nor how, and TERM=dumb drew an unusable screen. */
static bool screen_start(Ui *ui, char *why, size_t size)
{
    const char *term = getenv("TERM");
    if (!term || !*term) {
        snprintf(why, size, "TERM is not set: set it to the terminal's type, as in TERM=xterm-256color");
        return false;
    }
    TermFit fit = terminfo_fit(term);
    if (fit == TERM_UNKNOWN) {
        snprintf(why, size,
                 "TERM=%.60s is not a terminal type this system knows (it has no terminfo entry for it): set TERM "
                 "to one it knows, such as TERM=xterm-256color, or install its entry (Debian: ncurses-term)",
                 term);
        return false;
    }
    if (fit == TERM_NO_CURSOR) {
        snprintf(why, size,
                 "TERM=%.60s cannot move the cursor, and the game needs the whole screen: set TERM to the "
                 "terminal's real type, such as TERM=xterm-256color",
                 term);
        return false;
    }
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) {
        snprintf(why, size, "the terminal (TERM=%.60s) could not be set up for the full screen", term);
        return false;
    }
    set_term(scr);
    screen_active = 1;
    nonl();
    curs_set(0);
    leaveok(stdscr, TRUE);
    choose_colours(ui);
    ui_term_keys_open(ui);
    ui_mouse_mode(ui, true);
    return true;
}

static void screen_stop(Ui *ui)
{
    if (!screen_active)
        return;
    ui_mouse_mode(ui, false);
    ui_term_keys_close(ui);
    curs_set(1);
    endwin();
    screen_active = 0;
}

/* Ctrl-Z or SIGTSTP: give the terminal back, stop, and take it again on fg. */
static void suspend(Ui *ui)
{
    ui_mouse_mode(ui, false);
    termkey_stop(ui_term_view(ui)->tk);
    endwin();
    signal(SIGTSTP, SIG_DFL);
    raise(SIGTSTP);
    /* ... stopped here until SIGCONT ... */
    install_signals();
    sig_cont = 0;
    termkey_start(ui_term_view(ui)->tk);
    refresh();
    ui_mouse_mode(ui, true);
    ui_apply_resize(ui);
}

/* A key from the terminal: a mouse event goes to the board, any other key
 * by its name through the bindings (bindings.c).  Ctrl-Z suspends wherever
 * the screen is curses' own. */
static void handle_key(Ui *ui, TermKeyKey *key)
{
    KeyMouse m;
    ui_message_keep(ui, false);
    if (keys_mouse(ui_term_view(ui)->tk, key, &m)) {
        ui_mouse(ui, &m);
        return;
    }
    char name[KEY_NAME_MAX];
    keys_name(ui_term_view(ui)->tk, key, name, sizeof name);
    if (!name[0])
        return;
    if (ui->screen != SCREEN_TEXT && !strcmp(name, "<C-z>")) { /* everywhere, even in prompts */
        suspend(ui);
        return;
    }
    ui_key(ui, name);
}

static void drain(int fd)
{
    char buf[64];
    while (read(fd, buf, sizeof buf) > 0)
        ;
}

static void redraw(Ui *ui)
{
    if (ui->screen == SCREEN_TEXT)
        return; /* the terminal shows our text, not curses */
    ui_draw(ui);
    curs_set(ui->input == INPUT_PROMPT && ((ui->screen == SCREEN_GAME && ui->lay.fits) || ui->screen == SCREEN_LOBBY ||
                                           ui->screen == SCREEN_NEWGAME)
                 ? 1
                 : 0);
    refresh();
}

/* The smallest of the waits that are not -1 (none). */
static int min_wait(int a, int b) { return a < 0 ? b : b < 0 ? a : a < b ? a : b; }

static void loop(Ui *ui)
{
    struct pollfd fds[3] = {{STDIN_FILENO, POLLIN, 0}, {ui_term_view(ui)->wake[0], POLLIN, 0}, {-1, 0, 0}};
    int64_t key_deadline = -1; /* when a lone Esc has waited long enough */
    while (!ui->quit) {
        if (sig_quit) {
            ui->exit_status = 128 + sig_quit;
            break;
        }
        if (sig_tstp) {
            sig_tstp = 0;
            suspend(ui);
        }
        if (sig_cont) { /* continued after SIGSTOP: the shell may have reset the tty */
            sig_cont = 0;
            termkey_stop(ui_term_view(ui)->tk);
            termkey_start(ui_term_view(ui)->tk);
            if (ui->screen != SCREEN_TEXT)
                ui_apply_resize(ui);
        }
        if (sig_winch) {
            sig_winch = 0;
            if (ui->screen != SCREEN_TEXT)
                ui_apply_resize(ui);
        }
        ui_clock_check(ui);
        ui_ai_step(ui);
        redraw(ui);
        int64_t now = clock_monotonic_ms(NULL);
        int timeout = min_wait(min_wait(ui_clock_timeout(ui), ui_ai_timeout(ui)), ui_online_step(ui));
        fds[2].fd = ui_online_fd(ui); /* the Kage server, while online */
        fds[2].events = ui_online_events(ui);
        if (key_deadline >= 0)
            timeout = min_wait(timeout, key_deadline > now ? (int)(key_deadline - now) : 0);
        int r = poll(fds, 3, timeout);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[1].revents & POLLIN)
            drain(ui_term_view(ui)->wake[0]);
        if (fds[2].fd >= 0 && fds[2].revents)
            ui_online_io(ui, fds[2].revents);
        TermKeyKey key;
        if (r == 0) {
            if (key_deadline >= 0 && clock_monotonic_ms(NULL) >= key_deadline) {
                key_deadline = -1; /* a lone Esc (or a cut sequence) waited long enough */
                if (termkey_getkey_force(ui_term_view(ui)->tk, &key) == TERMKEY_RES_KEY)
                    handle_key(ui, &key);
            }
            continue;
        }
        if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
            ui->exit_status = 1;
            break;
        }
        if (!(fds[0].revents & POLLIN))
            continue;
        termkey_advisereadable(ui_term_view(ui)->tk);
        TermKeyResult res;
        while ((res = termkey_getkey(ui_term_view(ui)->tk, &key)) == TERMKEY_RES_KEY && !ui->quit)
            handle_key(ui, &key);
        key_deadline =
            res == TERMKEY_RES_AGAIN ? clock_monotonic_ms(NULL) + termkey_get_waittime(ui_term_view(ui)->tk) : -1;
        if (res == TERMKEY_RES_EOF) {
            ui->exit_status = 1;
            break;
        }
    }
}

/* text with the home folder written "~" (the paths in a message are read,
 * and the last part is the one that tells them apart), appended to
 * out[*n..size) */
static void append_tilde(char *out, size_t size, int *n, const char *text)
{
    const char *home = getenv("HOME");
    size_t hl = home && home[0] == '/' && home[1] ? strlen(home) : 0;
    while (*text && *n < (int)size - 1) {
        if (hl && !strncmp(text, home, hl) && text[hl] == '/') {
            out[(*n)++] = '~';
            text += hl;
        } else
            out[(*n)++] = *text++;
    }
    out[*n] = 0;
}

/* Problems of the config file: every one on stderr, "file:line: reason",
 * before the screen is taken (so that they are on the terminal again when
 * the game ends), and every one in the notice the screen shows at the start
 * (wrapped over the lines above the status line, whole on w). */
static void config_notice(Ui *ui, const ConfigDiags *d, const char *extra)
{
    for (int i = 0; i < d->count; i++)
        fprintf(stderr, "%s\n", d->msg[i]);
    if (d->dropped)
        fprintf(stderr, "kage: %d more problem%s in the config file not shown (only the first %d are)\n", d->dropped,
                d->dropped == 1 ? "" : "s", d->count);
    if (extra[0])
        fprintf(stderr, "kage: %s\n", extra);
    char notice[sizeof ui_status_view(ui)->notice];
    int n = 0;
    size_t size = sizeof notice;
    notice[0] = 0;
    for (int i = 0; i < d->count && n < (int)size; i++) {
        if (n)
            append_tilde(notice, size, &n, "; ");
        append_tilde(notice, size, &n, d->msg[i]);
    }
    if (d->dropped && n < (int)size)
        n += snprintf(notice + n, size - (size_t)n,
                      " (and %d more problem%s in the config file, listed on the terminal)", d->dropped,
                      d->dropped == 1 ? "" : "s");
    if (extra[0] && n < (int)size)
        snprintf(notice + n, size - (size_t)n, "%s%s", n ? "; " : "", extra);
    ui_notice_set(ui, notice);
}

/* Add a start-up problem to the notice (after the config file's), the home
 * folder written "~". */
static void notice_add(Ui *ui, const char *text)
{
    char shown[sizeof ui_status_view(ui)->notice];
    int n = 0;
    if (!text[0])
        return;
    append_tilde(shown, sizeof shown, &n, text);
    ui_notice_add(ui, shown);
}

/* --load: read the file before the screen is taken, so that a bad file is
 * an error message on the terminal; false after printing it. */
static bool check_load(const char *path, const char *variant)
{
    KageError err;
    size_t len;
    char *text = config_read_file(path, &len, &err);
    if (!text) {
        fprintf(stderr, "kage: --load: %s\n", err.msg);
        return false;
    }
    PgnGames games;
    bool ok = pgn_read(text, len, variant_find(variant), &games, &err);
    free(text);
    if (!ok) {
        fprintf(stderr, "kage: --load: %s: %s\n", path, err.msg);
        return false;
    }
    pgn_games_free(&games);
    return true;
}

void ui_options_help(FILE *f) { options_help(f); }

/* --player (a shared account): each player's saved games and autosave in a
 * folder of their own, $XDG_DATA_HOME/kage-players/NAME/kage and the same
 * under $XDG_STATE_HOME, so that the players of one account neither resume
 * nor read each other's games.  NAME is a protocol name (a letter first, no
 * '/'), so the folder is always below the account's own. */
static void player_folders(const char *name)
{
    static const struct {
        const char *env, *fallback;
    } dirs[] = {{"XDG_DATA_HOME", ".local/share"}, {"XDG_STATE_HOME", ".local/state"}};
    const char *home = getenv("HOME");
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        const char *base = getenv(dirs[i].env);
        char dir[1024];
        int n = base && base[0] == '/' ? snprintf(dir, sizeof dir, "%s/kage-players/%s", base, name)
                : home && home[0] == '/' ? snprintf(dir, sizeof dir, "%s/%s/kage-players/%s", home, dirs[i].fallback, name)
                                         : -1;
        if (n > 0 && (size_t)n < sizeof dir)
            setenv(dirs[i].env, dir, 1);
    }
}

int ui_options_check(int argc, char **argv)
{
    UiOptions o;
    return options_parse(&o, argc, argv);
}

int ui_main(int argc, char **argv)
{
    Ui ui;
    memset(&ui, 0, sizeof ui);
    /* the config file first, then the command line over it */
    ConfigDiags diags;
    memset(&diags, 0, sizeof diags);
    config_defaults(&ui.cfg);
    config_load(&ui.cfg, NULL, &diags);
    options_defaults(&ui.opt);
    char cfg_why[200];
    options_from_config(&ui.opt, &ui.cfg, cfg_why, sizeof cfg_why);
    int r = options_parse_over(&ui.opt, argc, argv);
    if (r != 0) /* main answers --help and --version before it calls here */
        return r == 2 ? 2 : 0;
    if (ui.opt.player)
        player_folders(ui.opt.player);
    config_notice(&ui, &diags, cfg_why);
    setlocale(LC_ALL, "");
    /* check what can fail before the screen is taken over */
    KageError err;
    Game *probe = game_new(variant_find(ui.opt.variant), ui.opt.fen, &err);
    if (!probe) {
        fprintf(stderr, "kage: --fen: %s\n", err.msg);
        if (err.column >= 0 && ui.opt.fen)
            fprintf(stderr, "  %s\n  %*s^\n", ui.opt.fen, err.column, "");
        return 2;
    }
    game_free(probe);
    if (ui.opt.load && !check_load(ui.opt.load, ui.opt.variant))
        return 2;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "kage: the game needs a terminal on standard input and output\n");
        return 1;
    }
    /* libtermkey writes to the keyboard's terminal too: one opened only for
     * reading (kage </dev/tty) is replaced by the same terminal read-write */
    int mode = fcntl(STDIN_FILENO, F_GETFL);
    if (mode >= 0 && (mode & O_ACCMODE) == O_RDONLY) {
        int fd = open("/dev/tty", O_RDWR | O_NOCTTY);
        if (fd < 0 || dup2(fd, STDIN_FILENO) < 0) {
            fprintf(stderr, "kage: standard input is a terminal open only for reading, and /dev/tty cannot "
                            "be opened: %s\n", strerror(errno));
            return 1;
        }
        close(fd);
    }
    char theme_err[300];
    ui_look_theme(&ui, ui.opt.theme ? ui.opt.theme : "default", theme_err, sizeof theme_err);
    if (ui.opt.theme == NULL && strstr(theme_err, "not found"))
        theme_err[0] = 0; /* no default.theme anywhere is fine: the built-in one is the same */
    bool uni = glyph_unicode_usable(nl_langinfo(CODESET), getenv("TERM"));
    ui_look_glyphs(&ui, ui.opt.glyphs == GLYPH_LETTERS || (ui.opt.glyphs == GLYPH_AUTO && !uni) ? GLYPHS_LETTERS
                        : ui.opt.glyphs == GLYPH_KANJI                                         ? GLYPHS_KANJI
                                                                                               : GLYPHS_UNICODE);
    if (!ui_term_wake_open(&ui)) {
        perror("kage: pipe");
        return 1;
    }
    sig_pipe_fd = ui_term_view(&ui)->wake[1];
    have_saved_termios = tcgetattr(STDIN_FILENO, &saved_termios) == 0;
    install_signals(); /* before initscr, so that curses keeps its hands off them */
    ui_ai_open(&ui, ui_term_view(&ui)->wake[1]);
    char why[300];
    if (!screen_start(&ui, why, sizeof why)) {
        ui_ai_close(&ui);
        sig_pipe_fd = -1;
        ui_term_wake_close(&ui);
        fprintf(stderr, "kage: %s\n", why);
        return 2;
    }
    ui_autosave_enable(&ui, true);
    ui_new_game(&ui, ui.opt.variant, ui.opt.fen, ui.opt.mode, ui.opt.level, &ui.opt.clock);
    if (ui.opt.mode != PLAY_HOTSEAT && ui_look_view(&ui)->glyphs == GLYPHS_LETTERS && ui.opt.glyphs == GLYPH_AUTO)
        ui_message(&ui, false, "Letters instead of Unicode pieces: the terminal or locale cannot show them");
    /* every start-up problem, the config file's and the theme's, on the
     * screen and on w (a long list ends with where the rest is) */
    notice_add(&ui, theme_err);
    if (ui_status_view(&ui)->notice[0])
        ui_message(&ui, true, "%s", ui_status_view(&ui)->notice);
    ui_message_keep(&ui, ui_status_view(&ui)->notice[0] != 0);
    ui_autosave_claim(&ui);
    if (ui.opt.load) {
        ui_load_file(&ui, ui.opt.load);
    } else if (ui.opt.mode == PLAY_ONLINE) { /* kage --mode=online: the lobby first */
        ui_online_lobby(&ui);
        if (!ui_status_view(&ui)->msg_keep)
            ui_message_clear(&ui);
    } else if (!ui.opt.fen) {
        ui_resume_start(&ui, ui.opt.resume);
    }
    loop(&ui);
    /* every way out that can be seen: quit, a signal, the end of input */
    if (ui.screen == SCREEN_TEXT)
        ui.screen = SCREEN_GAME;
    ui_autosave(&ui);
    /* the last save failed (a full disk): the moves go to the terminal once
     * the screen is closed, so that nothing is lost, and the exit says so */
    bool lost = ui_autosave_view(&ui)->failed[0] && ui_game_in_progress(&ui);
    char *unsaved = lost ? ui_game_pgn(&ui) : NULL;
    ui_ai_close(&ui);
    ui_online_free(&ui);
    ui_pick_free(&ui);
    ui_game_origin(&ui, NULL);
    ui_files_free(&ui);
    ui_resume_free(&ui);
    screen_stop(&ui);
    if (lost) {
        fprintf(stderr, "kage: the game in progress could not be saved: %s\n", ui_autosave_view(&ui)->failed);
        if (unsaved)
            fprintf(stderr, "kage: here it is, to keep (PGN; kage --load=FILE resumes it):\n\n%s\n", unsaved);
        if (ui.exit_status == 0)
            ui.exit_status = 1;
    }
    free(unsaved);
    game_free(ui.game);
    sig_pipe_fd = -1;
    ui_term_wake_close(&ui);
    if (ui.exit_status > 128) {
        int sig = ui.exit_status - 128;
        signal(sig, SIG_DFL);
        raise(sig); /* die of the signal, as the shell expects */
    }
    return ui.exit_status;
}
