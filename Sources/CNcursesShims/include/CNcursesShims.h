#ifndef FERRY_CNCURSES_SHIMS_H
#define FERRY_CNCURSES_SHIMS_H
/*
 * ncursesw for the TUI, loaded with dlopen when the first terminal starts: `ferry` does not link
 * it, so commands without a screen (`send`, `run`, …) start without mapping ncursesw and terminfo.
 * curses.h gives the types and constants; every function Ferry calls goes through one of these
 * wrappers (also what Swift cannot import: attribute macros, the stdscr/COLS/LINES globals,
 * getmaxyx, KEY_F(n), wcwidth). Every symbol is prefixed `ferry_nc_`.
 */
#include "../../CNcursesw/CNcursesw.h"
#include <stddef.h>
#include <wchar.h>

/**
 * Loads ncursesw (`library`, e.g. "libncursesw.so.6") once per process; 1 when every function was
 * found, else 0 with dlerror's reason in `error`. Every other function but the attribute, key and
 * wcwidth ones needs it first.
 */
int ferry_nc_load(const char *library, char *error, size_t error_size);

WINDOW *ferry_nc_stdscr(void);
int ferry_nc_cols(void);
int ferry_nc_lines(void);
int ferry_nc_max_y(WINDOW *window);
int ferry_nc_max_x(WINDOW *window);

attr_t ferry_nc_attr_bold(void);
attr_t ferry_nc_attr_dim(void);
attr_t ferry_nc_attr_underline(void);
attr_t ferry_nc_attr_reverse(void);
attr_t ferry_nc_attr_italic(void);

int ferry_nc_key_f(int n);

/** newterm(term, stdout, input), stdin when input is NULL; NULL (not exit) for an unknown terminal type. */
SCREEN *ferry_nc_newterm(const char *term, FILE *input);
/** Makes `screen` current in raw mode, without echo or newline translation, with keypad keys and a
    25 ms escape delay (set_term, raw, noecho, nonl, keypad, set_escdelay). */
void ferry_nc_take_over(SCREEN *screen);
/** Starts colours with the terminal's default colours when it has any; 0 when it has none. */
int ferry_nc_start_color(void);
/** The number of colours and colour pairs the terminal offers (after start_color). */
int ferry_nc_colors(void);
int ferry_nc_color_pairs(void);
int ferry_nc_init_pair(short pair, short foreground, short background);
/** Draws one grapheme (up to 5 wide characters) at (y, x) with attributes and a colour pair. */
int ferry_nc_put(int y, int x, const wchar_t *text, int count, attr_t attrs, int pair);
/** Clears the screen at the next refresh. */
void ferry_nc_clear(void);
/** Shows the cursor at (y, x), or hides it when y < 0, and refreshes the screen. */
void ferry_nc_refresh(int y, int x);
/** Leaves the screen for the shell (def_prog_mode, endwin) and comes back to it (reset_prog_mode, refresh). */
void ferry_nc_suspend(void);
void ferry_nc_resume(void);
/** Ends curses and frees `screen`. */
void ferry_nc_end(SCREEN *screen);
/** curses' name of a key code (`KEY_F(13)`, `kUP5`), or NULL. */
const char *ferry_nc_keyname(int code);
/** Waits up to timeout_ms (-1: forever) for input. Returns ERR, OK (a character in *value) or
    KEY_CODE_YES (a key code in *value). */
int ferry_nc_get(int timeout_ms, unsigned int *value);
/* 1 when the terminal behind `fd` is gone (hung up, closed, in error), which get_wch reports as a plain ERR. */
int ferry_nc_input_closed(int fd);
/** Writes raw control text to the terminal (bracketed-paste mode switches), flushed. */
void ferry_nc_write_raw(const char *text);
/** Asks for reports of main-button presses and releases, pointer motion and wheel turns (X10/SGR,
    whatever the terminal speaks; ncurses asks an xterm for any-event tracking, 1003, for the motion);
    0 when the terminal has no mouse. */
int ferry_nc_enable_mouse(void);
/** Reads the event behind KEY_MOUSE into (*x, *y): 1 a main-button press, 2 wheel up, 3 wheel down,
    4 a main-button release, 5 motion, 0 another event, -1 none. */
int ferry_nc_mouse_event(int *x, int *y);
/** Columns a wide character takes on the terminal: -1 for non-printable, 0 for combining marks. */
int ferry_nc_wcwidth(wchar_t c);
#endif
