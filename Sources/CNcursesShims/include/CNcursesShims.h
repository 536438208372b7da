#ifndef FERRY_CNCURSES_SHIMS_H
#define FERRY_CNCURSES_SHIMS_H
/*
 * Typed wrappers for what Swift cannot import from ncursesw: attribute macros, the
 * stdscr/COLS/LINES globals, getmaxyx, KEY_F(n), and wcwidth. Every symbol is prefixed `ferry_nc_`.
 */
#include "../../CNcursesw/CNcursesw.h"
#include <wchar.h>

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
/** Columns a wide character takes on the terminal: -1 for non-printable, 0 for combining marks. */
int ferry_nc_wcwidth(wchar_t c);
#endif
