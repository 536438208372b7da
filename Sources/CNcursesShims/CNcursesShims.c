#define _XOPEN_SOURCE 700
#include "CNcursesShims.h"
#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>

/* The functions and globals of ncursesw Ferry uses, found by dlsym (their types are curses.h's). */
#define FERRY_NC_FUNCTIONS(X) \
    X(newterm) X(set_term) X(raw) X(noecho) X(nonl) X(keypad) X(set_escdelay) X(has_colors) X(start_color) \
    X(use_default_colors) X(init_pair) X(setcchar) X(wmove) X(wadd_wch) X(wclear) X(curs_set) X(wrefresh) \
    X(def_prog_mode) X(reset_prog_mode) X(endwin) X(delscreen) X(keyname) X(wtimeout) X(wget_wch) \
    X(mouseinterval) X(mousemask) X(getmouse)

static struct {
#define FERRY_NC_POINTER(name) __typeof__(name) *name;
    FERRY_NC_FUNCTIONS(FERRY_NC_POINTER)
#undef FERRY_NC_POINTER
    WINDOW **stdscr;
    int *COLS, *LINES, *COLORS, *COLOR_PAIRS;
} nc;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_library;
static char load_error[512];
static int loaded;

static void *find(void *handle, const char *name) {
    void *symbol = dlsym(handle, name);
    if (!symbol && !load_error[0]) snprintf(load_error, sizeof load_error, "%s has no %s", load_library, name);
    return symbol;
}

static void load(void) {
    void *handle = dlopen(load_library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : load_library);
        return;
    }
#define FERRY_NC_FIND(name) nc.name = (__typeof__(nc.name))find(handle, #name);
    FERRY_NC_FUNCTIONS(FERRY_NC_FIND)
#undef FERRY_NC_FIND
    nc.stdscr = find(handle, "stdscr");
    nc.COLS = find(handle, "COLS");
    nc.LINES = find(handle, "LINES");
    nc.COLORS = find(handle, "COLORS");
    nc.COLOR_PAIRS = find(handle, "COLOR_PAIRS");
    loaded = !load_error[0];
}

int ferry_nc_load(const char *library, char *error, size_t error_size) {
    load_library = library;
    pthread_once(&load_once, load);
    if (!loaded && error && error_size) snprintf(error, error_size, "%s", load_error);
    return loaded;
}

WINDOW *ferry_nc_stdscr(void) { return *nc.stdscr; }
int ferry_nc_cols(void) { return *nc.COLS; }
int ferry_nc_lines(void) { return *nc.LINES; }
int ferry_nc_max_y(WINDOW *w) { return getmaxy(w); }  /* curses.h's macros: WINDOW's own fields */
int ferry_nc_max_x(WINDOW *w) { return getmaxx(w); }

attr_t ferry_nc_attr_bold(void) { return WA_BOLD; }
attr_t ferry_nc_attr_dim(void) { return WA_DIM; }
attr_t ferry_nc_attr_underline(void) { return WA_UNDERLINE; }
attr_t ferry_nc_attr_reverse(void) { return WA_REVERSE; }
attr_t ferry_nc_attr_italic(void) { return WA_ITALIC; }

int ferry_nc_key_f(int n) { return KEY_F(n); }
int ferry_nc_wcwidth(wchar_t c) { return wcwidth(c); }

SCREEN *ferry_nc_newterm(const char *term, FILE *input) { return nc.newterm(term, stdout, input ? input : stdin); }

void ferry_nc_take_over(SCREEN *screen) {
    nc.set_term(screen);
    nc.raw();
    nc.noecho();
    nc.nonl();
    nc.keypad(*nc.stdscr, TRUE);
    nc.set_escdelay(25);
}

int ferry_nc_start_color(void) {
    if (!nc.has_colors()) return 0;
    nc.start_color();
    nc.use_default_colors();
    return 1;
}

int ferry_nc_colors(void) { return *nc.COLORS; }
int ferry_nc_color_pairs(void) { return *nc.COLOR_PAIRS; }
int ferry_nc_init_pair(short pair, short foreground, short background) { return nc.init_pair(pair, foreground, background); }

int ferry_nc_put(int y, int x, const wchar_t *text, int count, attr_t attrs, int pair) {
    wchar_t buffer[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) buffer[i] = text[i];
    buffer[n] = 0;
    cchar_t cell;
    if (nc.setcchar(&cell, buffer, attrs, (short)pair, NULL) != OK) return ERR;
    if (nc.wmove(*nc.stdscr, y, x) == ERR) return ERR;
    return nc.wadd_wch(*nc.stdscr, &cell);
}

void ferry_nc_clear(void) { nc.wclear(*nc.stdscr); }

void ferry_nc_refresh(int y, int x) {
    if (y >= 0) {
        nc.curs_set(1);
        nc.wmove(*nc.stdscr, y, x);
    } else {
        nc.curs_set(0);
    }
    nc.wrefresh(*nc.stdscr);
}

void ferry_nc_suspend(void) {
    nc.def_prog_mode();
    nc.endwin();
}

void ferry_nc_resume(void) {
    nc.reset_prog_mode();
    nc.wrefresh(*nc.stdscr);
}

void ferry_nc_end(SCREEN *screen) {
    nc.endwin();
    nc.delscreen(screen);
}

const char *ferry_nc_keyname(int code) { return nc.keyname(code); }

int ferry_nc_get(int timeout_ms, unsigned int *value) {
    nc.wtimeout(*nc.stdscr, timeout_ms);
    wint_t ch = 0;
    int result = nc.wget_wch(*nc.stdscr, &ch);
    *value = (unsigned int)ch;
    return result;
}

int ferry_nc_input_closed(int fd) {
    struct pollfd input = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&input, 1, 0) < 0) return 0;
    return (input.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

void ferry_nc_write_raw(const char *text) { fputs(text, stdout); fflush(stdout); }

int ferry_nc_enable_mouse(void) {
    nc.mouseinterval(0);
    return nc.mousemask(
               BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION,
               NULL)
        != 0;
}

int ferry_nc_mouse_event(int *x, int *y) {
    MEVENT event;
    if (nc.getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 2;
    if (event.bstate & BUTTON5_PRESSED) return 3;
    if (event.bstate & BUTTON1_RELEASED) return 4;
    if (event.bstate & REPORT_MOUSE_POSITION) return 5;
    return 0;
}
