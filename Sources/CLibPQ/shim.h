// libpq, PostgreSQL's client library (Debian: libpq-dev; macOS: Homebrew's libpq). pkg-config
// gives its include folder (/usr/include/postgresql on Debian).
#include <libpq-fe.h>
