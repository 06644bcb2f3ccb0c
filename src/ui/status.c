/* The status line and what it asks: a message, a prompt for a line of text
 * (a move, a file name, a FEN), a yes/no question and a choice between
 * moves, with their keys; the status group (UiStatus) is written here alone.
 * Just above the painting primitives and the board view: what a prompt or a
 * question leads to comes back through the function its caller gave, so
 * this file calls no other part of the screen (but the board view's, to put
 * back a Lion's legs when a question closes a choice). */
#include "ui_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The clock's time source, so that a test's time is the messages' too. */
static int64_t status_now_ms(const Ui *ui) { return clock_now_ms(&ui_time_view(ui)->clock); }

void ui_message(Ui *ui, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->status.msg, sizeof ui->status.msg, fmt, ap);
    va_end(ap);
    ui->status.msg_error = error;
    ui->status.msg_error_at = error ? status_now_ms(ui) : 0;
    /* kept for w, unless it says again what was just said */
    char *last = ui->status.nlog ? ui->status.log[(ui->status.nlog - 1) % MESSAGE_LOG] : NULL;
    if (ui->status.msg[0] && (!last || strcmp(last, ui->status.msg)))
        memcpy(ui->status.log[ui->status.nlog++ % MESSAGE_LOG], ui->status.msg, sizeof ui->status.msg);
}

void ui_message_clear(Ui *ui) { ui->status.msg[0] = 0; }

void ui_message_keep(Ui *ui, bool keep) { ui->status.msg_keep = keep; }

bool ui_message_error_fresh(const Ui *ui)
{
    return ui->status.msg[0] && ui->status.msg_error && status_now_ms(ui) - ui->status.msg_error_at < UI_ERROR_HOLD_MS;
}

void ui_message_log_only(Ui *ui, const char *fmt, ...)
{
    char was[sizeof ui->status.msg], text[sizeof ui->status.msg];
    bool was_error = ui->status.msg_error;
    int64_t was_at = ui->status.msg_error_at;
    memcpy(was, ui->status.msg, sizeof was);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    ui_message(ui, false, "%s", text);
    memcpy(ui->status.msg, was, sizeof was);
    ui->status.msg_error = was_error;
    ui->status.msg_error_at = was_at;
}

void ui_notice_set(Ui *ui, const char *text) { snprintf(ui->status.notice, sizeof ui->status.notice, "%s", text); }

void ui_notice_add(Ui *ui, const char *text)
{
    size_t n = strlen(ui->status.notice);
    snprintf(ui->status.notice + n, sizeof ui->status.notice - n, "%s%s", n ? "; " : "", text);
}

void ui_game_over_message(Ui *ui, const char *what)
{
    /* a flag stays down: a move taken back would lose on time again at once */
    bool undo = ui->game->rec.result.reason != END_TIME;
    ui_message(ui, false, "%s (N: rematch, V: review%s)", what, undo ? ", u: take back" : "");
}

int ui_status_lines(void) { return LINES / 2 > 4 ? LINES / 2 : 4; }

/* --- the messages screen (w) -------------------------------------------------------- */

#define MESSAGE_LINES_MAX 1024
#define MESSAGE_LINE_CELLS 120 /* wider terminals too: lines easy to read */
#define MESSAGE_LINE_BYTES (4 * MESSAGE_LINE_CELLS + 8)

/* The lines of the messages screen: each message wrapped, the oldest first. */
static int message_lines(const Ui *ui, char lines[][MESSAGE_LINE_BYTES], int max)
{
    int n = 0, width = COLS - 4, first = ui->status.nlog > MESSAGE_LOG ? ui->status.nlog - MESSAGE_LOG : 0;
    width = width > MESSAGE_LINE_CELLS ? MESSAGE_LINE_CELLS : width;
    if (width < 1)
        return 0;
    for (int k = first; k < ui->status.nlog; k++) {
        const char *t = ui->status.log[k % MESSAGE_LOG];
        bool lead = true;
        while (*t && n < max) {
            int nbytes = ui_wrap_next(t, width, false);
            if (nbytes <= 0)
                break;
            snprintf(lines[n++], MESSAGE_LINE_BYTES, "%s%.*s", lead ? "- " : "  ", nbytes, t);
            lead = false;
            t += nbytes;
            while (*t == ' ')
                t++;
        }
    }
    return n;
}

void ui_open_messages(Ui *ui)
{
    ui->screen = SCREEN_MESSAGES;
    ui->status.log_top = 1 << 20; /* the newest in view: drawing brings it back */
}

void ui_draw_messages(Ui *ui)
{
    static char lines[MESSAGE_LINES_MAX][MESSAGE_LINE_BYTES];
    int n = message_lines(ui, lines, MESSAGE_LINES_MAX), rows = LINES - 2;
    ui_put(0, 1, COLS - 1, ui_style(ui, STYLE_TITLE),
           COLS >= 60 ? "The latest messages, the newest last (q closes, j/k scroll)" : "Messages (q closes, j/k)");
    if (!n)
        ui_put(2, 1, COLS - 1, ui_style(ui, STYLE_DIM), "No message yet");
    if (rows < 1)
        return;
    int top_max = n > rows ? n - rows : 0;
    ui->status.log_top = ui->status.log_top > top_max ? top_max : ui->status.log_top < 0 ? 0 : ui->status.log_top;
    for (int y = 0; y < rows && ui->status.log_top + y < n; y++)
        ui_put(2 + y, 1, COLS - 1, ui_style(ui, STYLE_TEXT), lines[ui->status.log_top + y]);
}

static void messages_down(Ui *ui) { ui->status.log_top++; }
static void messages_up(Ui *ui) { ui->status.log_top = ui->status.log_top > 0 ? ui->status.log_top - 1 : 0; }
static void messages_close(Ui *ui) { ui->screen = SCREEN_GAME; }

const UiAction ui_messages_actions[] = {
    {"down", "scroll down", messages_down, NULL, NULL},
    {"up", "scroll up", messages_up, NULL, NULL},
    {"close", "back to the game", messages_close, NULL, NULL},
};
const int ui_messages_nactions = N_ELEMS(ui_messages_actions);

/* --- the prompt ------------------------------------------------------------------ */

void ui_prompt(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit)
{
    ui->input = INPUT_PROMPT;
    ui->status.prompt_path = false;
    snprintf(ui->status.prompt_label, sizeof ui->status.prompt_label, "%s", label);
    snprintf(ui->status.line, sizeof ui->status.line, "%s", initial);
    ui->status.line_len = (int)strlen(ui->status.line);
    ui->status.on_submit = on_submit;
    ui->status.msg[0] = 0;
}

void ui_prompt_path(Ui *ui, const char *label, const char *initial, UiSubmitFn on_submit)
{
    ui_prompt(ui, label, initial, on_submit);
    ui->status.prompt_path = true;
}

static void prompt_submit(Ui *ui)
{
    UiSubmitFn fn = ui->status.on_submit;
    ui->input = INPUT_BOARD;
    ui->status.on_submit = NULL;
    if (fn)
        fn(ui, ui->status.line);
}

static void prompt_cancel(Ui *ui) { ui->input = INPUT_BOARD; }

static void prompt_delete(Ui *ui)
{
    if (!ui->status.line_len) {
        ui->input = INPUT_BOARD;
        return;
    }
    do /* a whole UTF-8 character */
        ui->status.line_len--;
    while (ui->status.line_len > 0 && ((unsigned char)ui->status.line[ui->status.line_len] & 0xC0) == 0x80);
    ui->status.line[ui->status.line_len] = 0;
}

static void prompt_clear(Ui *ui) { ui->status.line[ui->status.line_len = 0] = 0; }

/* Tab at a file-name prompt: the name completed as far as the folder's
 * entries agree (a folder gets its '/'), the choices said when several. */
/* The start of the path a person means in what they typed: a "~/" or a "/"
 * typed after a path (a path offered, then typed over: ".../kage/~/my")
 * starts it again, as in Emacs. */
static const char *path_start(const char *in)
{
    const char *start = in;
    for (const char *p = in; *p; p++)
        if (p > in && p[-1] == '/' && (p[0] == '/' || (p[0] == '~' && (p[1] == '/' || !p[1]))))
            start = p;
    return start;
}

void ui_path_typed(const char *in, char *out, size_t size)
{
    const char *home = getenv("HOME");
    while (*in == ' ')
        in++;
    in = path_start(in);
    if (in[0] == '~' && (in[1] == '/' || !in[1]) && home)
        snprintf(out, size, "%s%s", home, in + 1);
    else
        snprintf(out, size, "%s", in);
    size_t n = strlen(out);
    while (n && out[n - 1] == ' ') /* a pasted path may end in a blank */
        out[--n] = 0;
}

void ui_path_shown(const char *path, char *out, size_t size)
{
    const char *home = getenv("HOME");
    size_t h = home ? strlen(home) : 0;
    if (h > 1 && !strncmp(path, home, h) && (path[h] == '/' || !path[h]))
        snprintf(out, size, "~%s", path + h);
    else
        snprintf(out, size, "%s", path);
}

static void prompt_complete(Ui *ui)
{
    if (!ui->status.prompt_path) {
        ui_message(ui, true, "Tab completes file names; here it does nothing");
        return;
    }
    { /* what the person means: the path typed over the one offered */
        const char *start = path_start(ui->status.line);
        if (start != ui->status.line) {
            memmove(ui->status.line, start, strlen(start) + 1);
            ui->status.line_len = (int)strlen(ui->status.line);
        }
    }
    char *line = ui->status.line;
    char *slash = strrchr(line, '/');
    char dir[1024];
    const char *prefix = slash ? slash + 1 : line;
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", slash == line ? 1 : (int)(slash - line), line);
    else
        snprintf(dir, sizeof dir, ".");
    if (dir[0] == '~' && (dir[1] == '/' || !dir[1]) && getenv("HOME")) {
        char home[1024];
        snprintf(home, sizeof home, "%s%s", getenv("HOME"), dir + 1);
        snprintf(dir, sizeof dir, "%s", home);
    }
    DIR *d = opendir(dir);
    if (!d) {
        ui_message(ui, true, "%s: %s", dir, strerror(errno));
        return;
    }
    size_t plen = strlen(prefix);
    char common[256] = "", list[200] = "";
    int n = 0;
    bool is_dir = false;
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, prefix, plen) || !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
            (!plen && e->d_name[0] == '.'))
            continue;
        if (!n++)
            snprintf(common, sizeof common, "%s", e->d_name);
        else {
            size_t k = 0;
            while (common[k] && common[k] == e->d_name[k])
                k++;
            common[k] = 0;
        }
        if (strlen(list) + strlen(e->d_name) + 3 < sizeof list) { /* it fits: checked here */
            strcat(list, n > 1 ? "  " : "");
            strcat(list, e->d_name);
        }
        char full[1400];
        struct stat st;
        snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
        is_dir = stat(full, &st) == 0 && S_ISDIR(st.st_mode);
    }
    closedir(d);
    if (!n) {
        ui_message(ui, true, "No file starts with '%s' in %s", prefix, dir);
        return;
    }
    size_t keep = (size_t)(prefix - line);
    snprintf(line + keep, sizeof ui->status.line - keep, "%s%s", common, n == 1 && is_dir ? "/" : "");
    ui->status.line_len = (int)strlen(line);
    if (n > 1)
        ui_message(ui, false, "%d names: %s", n, list);
}

/* Any other key is typed into the line: one character (a path may hold
 * any); key names like <F2> are not text. */
static void prompt_type(Ui *ui, const char *key)
{
    const char *c = !strcmp(key, "<Space>") ? " " : !strcmp(key, "<lt>") ? "<" : key;
    size_t n = strlen(c);
    bool text = c[0] != '<' || n == 1;
    ui->status.msg[0] = 0; /* a hint (Tab's choices) is old once the line changes */
    if (text && (unsigned char)c[0] >= ' ' && c[0] != 127 &&
        ui->status.line_len + (int)n < (int)sizeof ui->status.line - 1) {
        memcpy(ui->status.line + ui->status.line_len, c, n);
        ui->status.line_len += (int)n;
        ui->status.line[ui->status.line_len] = 0;
    }
}

const UiAction ui_prompt_actions[] = {
    {"submit", "take the line (play the move, use the file name or the FEN)", prompt_submit, NULL, NULL},
    {"cancel", "close the prompt", prompt_cancel, NULL, NULL},
    {"delete", "delete the last character (on an empty line: close the prompt)", prompt_delete, NULL, NULL},
    {"clear", "clear the line", prompt_clear, NULL, NULL},
    {"complete", "complete a file name (the choices are shown when there are several)", prompt_complete, NULL, NULL},
};
const int ui_prompt_nactions = N_ELEMS(ui_prompt_actions);
const UiOtherKey ui_prompt_other = {"other keys", "typed into the line", prompt_type, NULL};

/* The prompt on the status line; the end of a long line stays in sight and
 * the terminal's cursor stands after it. */
static void draw_prompt(Ui *ui, int y)
{
    char buf[1400];
    int lw = (int)strlen(ui->status.prompt_label), room = COLS - lw - 1;
    const char *shown = ui->status.line;
    while (room > 0 && ui_text_width(shown, NULL, 1 << 20) > room)
        do
            shown++;
        while (((unsigned char)*shown & 0xC0) == 0x80);
    snprintf(buf, sizeof buf, "%s%s", ui->status.prompt_label, shown);
    ui_put(y, 0, COLS, ui_style(ui, STYLE_TITLE), buf);
    int w = ui_text_width(buf, NULL, 1 << 20);
    move(y, w < COLS ? w : COLS - 1);
}

/* --- the question ------------------------------------------------------------------ */

void ui_confirm(Ui *ui, const char *question, UiConfirmFn on_yes) { ui_confirm_or(ui, question, on_yes, NULL); }

void ui_confirm_or(Ui *ui, const char *question, UiConfirmFn on_yes, UiConfirmFn on_no)
{
    if (ui->input == INPUT_CHOICE) { /* the question replaces an open choice */
        ui_legs_clear(ui);
        ui->input = INPUT_BOARD;
    }
    snprintf(ui->status.question, sizeof ui->status.question, "%s", question);
    ui->status.on_yes = on_yes;
    ui->status.on_no = on_no;
    ui->input = INPUT_CONFIRM;
}

static void confirm_yes(Ui *ui)
{
    ui->input = INPUT_BOARD;
    ui->status.on_yes(ui);
}

static void confirm_no(Ui *ui, const char *key)
{
    (void)key;
    ui->input = INPUT_BOARD;
    if (ui->status.on_no)
        ui->status.on_no(ui);
    else
        ui->status.msg[0] = 0;
}

const UiAction ui_confirm_actions[] = {
    {"yes", "yes", confirm_yes, NULL, NULL},
};
const int ui_confirm_nactions = N_ELEMS(ui_confirm_actions);
const UiOtherKey ui_confirm_other = {"other keys", "no", confirm_no, NULL};

static void draw_question(Ui *ui, int y)
{
    ui_put_bottom_up(y, COLS, ui_style(ui, STYLE_TITLE), ui->status.question, ui_status_lines());
}

/* --- the inputs of the game screen ---------------------------------------------------- */

const UiInputDef ui_inputs[INPUT_COUNT] = {
    [INPUT_BOARD] = {KEYS_BOARD, NULL},
    [INPUT_PROMPT] = {KEYS_PROMPT, draw_prompt},
    [INPUT_CONFIRM] = {KEYS_CONFIRM, draw_question},
    [INPUT_CHOICE] = {KEYS_CHOICE, NULL},
};

void ui_bell(Ui *ui)
{
    if (!ui->opt.bell)
        return;
    ui->status.bells++;
    beep();
}
