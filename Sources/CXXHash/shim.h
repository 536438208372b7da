// Debian's libxxhash: XXH3-128, the history's fingerprint of a response body (FerryDigest).
#include <xxhash.h>
