#ifndef FERRY_CNCURSESW_H
#define FERRY_CNCURSESW_H
/* pkg-config's -D flags are dropped by SwiftPM: the wide-char API needs this define before curses.h,
   and every header that includes curses must see it (see shared/DESIGN.md). */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#endif
